import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../components/ui/toast';
import type { User } from '../types/api';
import { apiRequest, getQueryFn, getServerMessage } from './api-client';

export const USER_QUERY_KEY = ['/api/user'] as const;

/** GET /api/user: a 401 means nobody is signed in (null); never retried (spec section 4). */
export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<User>({ on401: 'returnNull' }),
  retry: false,
});

/** The session: `data` is the user, null when signed out, undefined while loading. */
export function useUser() {
  return useQuery(userQueryOptions);
}

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

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}
