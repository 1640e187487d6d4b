import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/toast';
import { apiRequest, getServerMessage } from './api-client';
import { USER_QUERY_KEY } from './auth';

// Its own module: only the signed-in menus (lazy chunks) log out, so the mutation code (useMutation,
// MutationObserver) stays out of every page's entry (issue 23).

/** POST /api/logout, then clear the user, toast and refetch (spec sections 4 and 8). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: async () => {
      queryClient.setQueryData(USER_QUERY_KEY, null);
      toast({ title: 'Logged out', description: 'You have been logged out successfully.' });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: (error) => {
      toast({
        title: 'Logout failed',
        description: getServerMessage(error, 'Logout failed'),
        variant: 'destructive',
      });
    },
  });
}
