import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiRequest, getServerMessage } from '../../../lib/api-client';

/** POST /api/resend-verification: the answer's fields are not read (spec section 7). */
export async function resendVerification(): Promise<void> {
  await apiRequest('POST', '/api/resend-verification');
}

export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => {
      toast({
        title: 'Verification Code Sent',
        description: 'A new verification code has been sent to your email.',
      });
    },
    onError: (error) => {
      toast({
        title: 'Failed to Resend Code',
        description: getServerMessage(error, 'Failed to resend verification code'),
        variant: 'destructive',
      });
    },
  });
}
