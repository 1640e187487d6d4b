import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { apiJson, getServerMessage } from '../../../lib/api-client';
import { USER_QUERY_KEY } from '../../../lib/auth';
import type { User } from '../../../types/api';

/** POST /api/verify-email {code} → {user}. */
export function verifyEmail(code: string): Promise<{ user: User }> {
  return apiJson<{ user: User }>('POST', '/api/verify-email', { code });
}

/** Verifies, replaces the session's user with the returned one and toasts (spec sections 4 and 8). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Email Verified', description: 'Your email has been successfully verified.' });
    },
    onError: (error) => {
      toast({
        title: 'Verification Failed',
        description: getServerMessage(error, 'Email verification failed'),
        variant: 'destructive',
      });
    },
  });
}
