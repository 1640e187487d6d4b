import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { JobAlertRequest, JobAlertResponse } from '@jobs/contracts/alerts';
import { toast } from '../../../components/ui/toast';
import { apiJson, getServerMessage } from '../../../lib/api-client';
import { USER_JOB_ALERTS_KEY } from './get-user-job-alerts';

export const ALERT_FAILED_FALLBACK = 'Failed to subscribe to job alerts. Please try again.';

export const createJobAlert = (alert: JobAlertRequest) =>
  apiJson<JobAlertResponse>('POST', '/api/job-alerts', alert);

/** A created alert: the spec's success toast (section 8), then the user's alert list refetched. */
export function alertCreated(queryClient: QueryClient, onSuccess?: () => void): Promise<void> {
  toast({ title: 'Success!', description: "You've successfully subscribed to job alerts." });
  onSuccess?.();
  return queryClient.invalidateQueries({ queryKey: USER_JOB_ALERTS_KEY });
}

/** A failed subscription: the server's message, or the spec's fallback, in a destructive toast. */
export function alertFailed(error: unknown): void {
  toast({
    title: 'Something went wrong',
    description: getServerMessage(error, ALERT_FAILED_FALLBACK),
    variant: 'destructive',
  });
}

/** POST /api/job-alerts with the spec's toasts (section 8); on success the user's alert list is refetched. */
export function useCreateJobAlert(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJobAlert,
    onSuccess: () => alertCreated(queryClient, options.onSuccess),
    onError: alertFailed,
  });
}
