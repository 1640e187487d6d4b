import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import {
  PASSWORD_MIN_LENGTH,
  hasErrors,
  serverFieldErrors,
  validateRegister,
  type FieldErrors,
  type RegisterValues,
} from '../../../lib/account-validation';
import type { User } from '../../../types/api';
import { useRegister } from '../api/register';

type Field = keyof RegisterValues;
const FIELDS: readonly Field[] = ['username', 'email', 'password', 'firstName', 'lastName'];
const EMPTY: RegisterValues = { username: '', email: '', password: '', firstName: '', lastName: '' };

export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const registration = useRegister();

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (hasErrors(found)) return;
    registration.mutate(
      {
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim() || undefined,
        lastName: values.lastName.trim() || undefined,
      },
      { onSuccess, onError: (error) => setErrors(serverFieldErrors(error, FIELDS)) },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Register">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name (optional)" autoComplete="given-name" {...field('firstName')} />
        <FormField label="Last name (optional)" autoComplete="family-name" {...field('lastName')} />
      </div>
      <FormField
        label="Username"
        autoComplete="username"
        hint="3-30 characters: letters, digits, _ or -"
        {...field('username')}
      />
      <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        {...field('password')}
      />
      <Button type="submit" disabled={registration.isPending} className="w-full">
        {registration.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
