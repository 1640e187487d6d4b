import { useSyncExternalStore } from 'react';
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

const noSubscription = () => () => undefined;

/**
 * False while React hydrates the server's HTML (it reads the server snapshot then, in every boundary, even
 * one that hydrates late because its chunk was slow), true after and in a page rendered in the browser.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** What components read of the session. */
export interface UserState {
  /** The user, null when signed out, undefined while loading. */
  data: User | null | undefined;
  isPending: boolean;
}

/**
 * The session: `data` is the user, null when signed out, undefined while loading. The server renders
 * signed out (it never reads the session for a page), so while hydrating it is "loading" here too: a
 * GET /api/user that answers before a late boundary hydrates must not make that boundary differ from the
 * server's HTML (React error 418). The signed-in parts appear right after, in place of their placeholder.
 */
export function useUser(): UserState {
  const { data, isPending } = useQuery(userQueryOptions);
  const hydrated = useHydrated();
  return hydrated ? { data, isPending } : { data: undefined, isPending: true };
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
