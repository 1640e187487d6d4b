import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { useCreateJobAlert } from '../api/create-job-alert';
import {
  ALERT_EXPERIENCE_OPTIONS,
  ALERT_FREQUENCY_OPTIONS,
  ALERT_SALARY_OPTIONS,
  ALERT_TYPE_OPTIONS,
  emailError,
  initialValues,
  toRequest,
  type AlertDefaults,
  type AlertFormValues,
} from '../options';
import { SelectField } from './select-field';

export interface JobAlertFormProps {
  defaultValues?: AlertDefaults;
  /** After the success toast (the dialog closes 1.5 s later). */
  onSuccess?: () => void;
  /** Inside the dialog, which has its own title: no card frame. */
  bare?: boolean;
}

const UNSUBSCRIBE_NOTE = 'You can unsubscribe from alerts at any time.';

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The full alert form (spec sections 2 and 5): card 'Get Job Alerts', every field, 'Subscribe to Job Alerts'. */
export function JobAlertForm({ defaultValues, onSuccess, bare }: JobAlertFormProps) {
  const [values, setValues] = useState<AlertFormValues>(() => initialValues(defaultValues));
  const create = useCreateJobAlert({
    onSuccess: () => {
      setValues(initialValues(defaultValues));
      onSuccess?.();
    },
  });
  const [emailMessage, setEmailMessage] = useState<string | null>(null);
  const set = <K extends keyof AlertFormValues>(name: K, value: AlertFormValues[K]) =>
    setValues((v) => ({ ...v, [name]: value }));
  const busy = create.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = emailError(values.email);
    setEmailMessage(invalid);
    if (invalid) return;
    create.mutate(toRequest(values));
  }

  const fields = (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Job alert">
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        placeholder="you@example.com"
        value={values.email}
        error={emailMessage ?? undefined}
        onChange={(e) => {
          set('email', e.target.value);
          setEmailMessage(null);
        }}
        disabled={busy}
      />
      <FormField
        label="Job Title"
        placeholder="e.g. Frontend Developer"
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        disabled={busy}
      />
      <FormField
        label="Location"
        placeholder="e.g. Europe, Germany"
        value={values.location}
        onChange={(e) => set('location', e.target.value)}
        disabled={busy}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Experience Level"
          placeholder="Any Level"
          options={ALERT_EXPERIENCE_OPTIONS}
          value={values.experienceLevel}
          onChange={(v) => set('experienceLevel', v)}
          disabled={busy}
        />
        <SelectField
          label="Job Type"
          placeholder="Any Type"
          options={asOptions(ALERT_TYPE_OPTIONS)}
          value={values.type}
          onChange={(v) => set('type', v)}
          disabled={busy}
        />
        <SelectField
          label="Salary Range"
          placeholder="Any Salary"
          options={asOptions(ALERT_SALARY_OPTIONS)}
          value={values.salary}
          onChange={(v) => set('salary', v)}
          disabled={busy}
        />
        <SelectField
          label="Alert Frequency"
          options={ALERT_FREQUENCY_OPTIONS}
          value={values.frequency}
          onChange={(v) => set('frequency', v === 'weekly' ? 'weekly' : 'daily')}
          disabled={busy}
        />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 accent-brand-700"
          checked={values.isRemote}
          onChange={(e) => set('isRemote', e.target.checked)}
          disabled={busy}
        />
        Remote Only
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? 'Subscribing...' : 'Subscribe to Job Alerts'}
      </Button>
    </form>
  );
  const footer = <p className="w-full text-center text-xs text-slate-500">{UNSUBSCRIBE_NOTE}</p>;

  if (bare)
    return (
      <div className="flex flex-col gap-3">
        {fields}
        {footer}
      </div>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Get Job Alerts</CardTitle>
        <CardDescription>Get notifications when new jobs matching your criteria are posted.</CardDescription>
      </CardHeader>
      <CardContent>{fields}</CardContent>
      <CardFooter>{footer}</CardFooter>
    </Card>
  );
}
