/** The alert form's options (spec section 5), written out so the contracts' zod stays out of the bundle. */
export const ALERT_EXPERIENCE_OPTIONS = [
  { value: 'Entry', label: 'Entry Level' },
  { value: 'Mid-level', label: 'Mid Level' },
  { value: 'Senior', label: 'Senior Level' },
] as const;

export const ALERT_TYPE_OPTIONS = ['Full Time', 'Part Time', 'Contract', 'Freelance'] as const;

export const ALERT_SALARY_OPTIONS = ['50k-80k', '80k-120k', '120k-150k', '150k+'] as const;

export const ALERT_FREQUENCY_OPTIONS = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
] as const;

/** Spec section 5: the e-mail is required and must be a valid address; the form says so itself (no browser bubble). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

// One '@', something before it, a dot in the domain, no spaces: what the server's check accepts too.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's message when the e-mail is missing or not an address, else null. */
export function emailError(email: string): string | null {
  return EMAIL.test(email.trim()) ? null : INVALID_EMAIL_MESSAGE;
}

/** What a form can be prefilled with (the current search, a job). */
export interface AlertDefaults {
  email?: string;
  title?: string;
  location?: string;
  experienceLevel?: string;
  type?: string;
  salary?: string;
  isRemote?: boolean;
  frequency?: 'daily' | 'weekly';
}

export interface AlertFormValues {
  email: string;
  title: string;
  location: string;
  experienceLevel: string;
  type: string;
  salary: string;
  isRemote: boolean;
  frequency: 'daily' | 'weekly';
}

export function initialValues(defaults: AlertDefaults = {}): AlertFormValues {
  return {
    email: defaults.email ?? '',
    title: defaults.title ?? '',
    location: defaults.location ?? '',
    experienceLevel: defaults.experienceLevel ?? '',
    type: defaults.type ?? '',
    salary: defaults.salary ?? '',
    isRemote: defaults.isRemote ?? false,
    frequency: defaults.frequency ?? 'daily',
  };
}

/** The request body: empty fields omitted (spec section 5: optional text). */
export function toRequest(values: AlertFormValues) {
  const text = (v: string) => (v.trim() ? v.trim() : undefined);
  return {
    email: values.email.trim(),
    title: text(values.title),
    location: text(values.location),
    experienceLevel: text(values.experienceLevel),
    type: text(values.type),
    salary: text(values.salary),
    isRemote: values.isRemote,
    frequency: values.frequency,
  };
}
