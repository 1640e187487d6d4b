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
import { useLogin } from '../api/login';

type Field = 'username' | 'password';
const FIELDS: readonly Field[] = ['username', 'password'];

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const login = useLogin();

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
      { onSuccess, onError: (error) => setErrors(serverFieldErrors(error, FIELDS)) },
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
    </form>
  );
}
