import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiRequest, getServerMessage } from '../../../lib/api-client';
import { USER_JOB_ALERTS_KEY } from './get-user-job-alerts';

/** DELETE /api/user/job-alerts/{id}: unsubscribes one of the signed-in user's alerts. */
export function useDeleteJobAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/user/job-alerts/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Unsubscribed', description: 'You will no longer receive this job alert.' });
      await queryClient.invalidateQueries({ queryKey: USER_JOB_ALERTS_KEY });
    },
    onError: (error) => {
      toast({
        title: 'Something went wrong',
        description: getServerMessage(error, 'Failed to unsubscribe from the job alert.'),
        variant: 'destructive',
      });
    },
  });
}
