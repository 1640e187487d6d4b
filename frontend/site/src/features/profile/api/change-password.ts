import type { ChangePasswordRequest } from '@jobs/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiRequest, getServerMessage } from '../../../lib/api-client';

/** POST /api/user/password: the server also signs out the user's other sessions. */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  await apiRequest('POST', '/api/user/password', input);
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({
        title: 'Password changed',
        description: 'Your password has been updated. Other devices have been signed out.',
      });
    },
    onError: (error) => {
      toast({
        title: 'Password change failed',
        description: getServerMessage(error, 'Failed to change your password'),
        variant: 'destructive',
      });
    },
  });
}
