import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import {
  hasErrors,
  serverFieldErrors,
  validateLogin,
  type FieldErrors,
} from '../../../lib/account-validation';
import type { User } from '../../../types/api';
import { apiJson, getErrorStatus } from '../../../lib/api-client';
import { useLogin } from '../api/login';

type Field = 'username' | 'password';
const FIELDS: readonly Field[] = ['username', 'password'];

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const login = useLogin();
  // Sign-ins paused for this account after many wrong passwords (429): a link by e-mail lets this browser in.
  const [paused, setPaused] = useState(false);
  const [linkSent, setLinkSent] = useState<string | null>(null);

  async function sendLink() {
    const answer = await apiJson<{ message: string }>('POST', '/api/login/unlock', {
      username: values.username.trim(),
    }).catch(() => ({ message: 'Could not send the link. Please try again later.' }));
    setLinkSent(answer.message);
  }

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (hasErrors(found)) return;
    login.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess,
        onError: (error) => {
          setErrors(serverFieldErrors(error, FIELDS));
          setPaused(getErrorStatus(error) === 429 && values.username.trim() !== '');
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Sign in">
      <FormField
        label="Username or email"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={change('username')}
        error={errors.username}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
      {paused && (
        <p className="text-sm text-muted-foreground">
          {linkSent ?? (
            <>
              Sign-ins to this account are paused for a while.{' '}
              <button type="button" className="underline" onClick={() => void sendLink()}>
                E-mail me a link to sign in from this browser
              </button>
            </>
          )}
        </p>
      )}
    </form>
  );
}
