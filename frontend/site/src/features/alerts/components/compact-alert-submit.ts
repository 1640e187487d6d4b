import type { QueryClient } from '@tanstack/react-query';
import { alertCreated, alertFailed, createJobAlert } from '../api/create-job-alert';
import { emailError, initialValues, toRequest, type AlertDefaults } from '../options';

export { emailError };

/**
 * The compact alert form's POST /api/job-alerts, with useCreateJobAlert's toasts and refetch. Loaded on the
 * form's first submit (compact-alert-form.tsx): the job page's first view carries no mutation code (issue 23).
 * True when the alert was created.
 */
export async function subscribe(
  queryClient: QueryClient,
  defaults: AlertDefaults | undefined,
  email: string,
  onSuccess: () => void,
): Promise<boolean> {
  try {
    await createJobAlert(toRequest({ ...initialValues(defaults), email }));
  } catch (error) {
    alertFailed(error);
    return false;
  }
  await alertCreated(queryClient, onSuccess);
  return true;
}
