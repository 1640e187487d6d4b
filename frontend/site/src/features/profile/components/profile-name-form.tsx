import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { serverFieldErrors, type FieldErrors } from '../../../lib/account-validation';
import type { User } from '../../../types/api';
import { useUpdateProfile } from '../api/update-profile';

type Field = 'firstName' | 'lastName';
const FIELDS: readonly Field[] = ['firstName', 'lastName'];
const NAME_MAX = 100;

/** First and last name (PATCH /api/user); both optional, they give the avatar its initials. */
export function ProfileNameForm({ user }: { user: User }) {
  const [values, setValues] = useState({ firstName: user.firstName ?? '', lastName: user.lastName ?? '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = useUpdateProfile();
  const unchanged =
    values.firstName.trim() === (user.firstName ?? '') && values.lastName.trim() === (user.lastName ?? '');

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    maxLength: NAME_MAX,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { firstName: values.firstName.trim() || null, lastName: values.lastName.trim() || null },
      { onError: (error) => setErrors(serverFieldErrors(error, FIELDS)) },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your name</CardTitle>
        <CardDescription>Optional. Your initials in the header come from it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Your name">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" autoComplete="given-name" {...field('firstName')} />
            <FormField label="Last name" autoComplete="family-name" {...field('lastName')} />
          </div>
          <div>
            <Button type="submit" disabled={update.isPending || unchanged}>
              {update.isPending ? 'Saving...' : 'Save name'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
