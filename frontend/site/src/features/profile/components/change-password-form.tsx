import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  checkPassword,
  hasErrors,
  serverFieldErrors,
  type FieldErrors,
} from '../../../lib/account-validation';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const SERVER_FIELDS: readonly Field[] = ['currentPassword', 'newPassword'];
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

function validate(values: Record<Field, string>): FieldErrors<Field> {
  return {
    currentPassword: values.currentPassword ? undefined : MESSAGES.required,
    newPassword: checkPassword(values.newPassword),
    confirmPassword: values.confirmPassword === values.newPassword ? undefined : MESSAGES.passwordsDiffer,
  };
}

export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const change = useChangePassword();

  const field = (name: Field) => ({
    name,
    type: 'password',
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => setValues(EMPTY),
        onError: (error) => setErrors(serverFieldErrors(error, SERVER_FIELDS)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Change password</CardTitle>
        <CardDescription>Other devices signed in to your account will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Change password">
          <FormField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
          <FormField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...field('newPassword')}
          />
          <FormField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
