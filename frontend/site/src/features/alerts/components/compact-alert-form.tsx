import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import type { AlertDefaults } from '../options';

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
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    // Validation and the request load on the first submit: not part of the job page's first view.
    const { emailError, subscribe } = await import('./compact-alert-submit');
    const invalid = emailError(email);
    setMessage(invalid);
    if (invalid) return;
    setPending(true);
    try {
      await subscribe(queryClient, defaultValues, email, () => {
        setEmail('');
        onSuccess?.();
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2"
      aria-label="Job alert"
    >
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
        disabled={pending}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-50"
      />
      {message && (
        <p id={`${id}-message`} className="text-sm text-red-700">
          {message}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? 'Subscribing...' : 'Get Job Alerts'}
      </Button>
    </form>
  );
}
