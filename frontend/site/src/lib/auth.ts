import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasSignedInHint } from '@jobs/contracts/session-hint';
import type { User } from '../types/api';
import { getQueryFn } from './api-client';

export const USER_QUERY_KEY = ['/api/user'] as const;

const askUser = getQueryFn<User>({ on401: 'returnNull' });

export const userQueryOptions = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: (context) => (hasSignedInHint(document.cookie) ? askUser(context) : null),
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

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}
