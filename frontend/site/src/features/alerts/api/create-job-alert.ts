import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobAlertRequest, JobAlertResponse } from '@jobs/contracts/alerts';
import { toast } from '../../../components/ui/toast';
import { apiJson, getServerMessage } from '../../../lib/api-client';
import { USER_JOB_ALERTS_KEY } from './get-user-job-alerts';

export const ALERT_FAILED_FALLBACK = 'Failed to subscribe to job alerts. Please try again.';

export const createJobAlert = (alert: JobAlertRequest) =>
  apiJson<JobAlertResponse>('POST', '/api/job-alerts', alert);

/** POST /api/job-alerts with the spec's toasts (section 8); on success the user's alert list is refetched. */
export function useCreateJobAlert(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJobAlert,
    onSuccess: async () => {
      toast({ title: 'Success!', description: "You've successfully subscribed to job alerts." });
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: USER_JOB_ALERTS_KEY });
    },
    onError: (error) => {
      toast({
        title: 'Something went wrong',
        description: getServerMessage(error, ALERT_FAILED_FALLBACK),
        variant: 'destructive',
      });
    },
  });
}
