import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useCreateJobAlert } from '../api/create-job-alert';
import { emailError, initialValues, toRequest, type AlertDefaults } from '../options';

export interface CompactAlertFormProps {
  /** The criteria the alert gets (e.g. from the job on the page); only the e-mail is asked. */
  defaultValues?: AlertDefaults;
  onSuccess?: () => void;
}

/** The compact alert form (spec section 2): an email field and a 'Get Job Alerts' button. */
export function CompactAlertForm({ defaultValues, onSuccess }: CompactAlertFormProps) {
  const id = useId();
  const [email, setEmail] = useState(defaultValues?.email ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateJobAlert({
    onSuccess: () => {
      setEmail('');
      onSuccess?.();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = emailError(email);
    setMessage(invalid);
    if (invalid) return;
    create.mutate(toRequest({ ...initialValues(defaultValues), email }));
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Job alert">
      <label htmlFor={id} className="sr-only">
        Email
      </label>
      <input
        id={id}
        type="email"
        required
        autoComplete="email"
        placeholder="Enter your email"
        value={email}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(e) => {
          setEmail(e.target.value);
          setMessage(null);
        }}
        disabled={create.isPending}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-50"
      />
      {message && (
        <p id={`${id}-message`} className="text-sm text-red-700">
          {message}
        </p>
      )}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Subscribing...' : 'Get Job Alerts'}
      </Button>
    </form>
  );
}
