import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

const FIVE_MINUTES = 5 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

/** Spec section 9: fresh 5 min, kept 10 min, queries retry once, mutations never, no focus refetch or polling. */
export const queryConfig = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    staleTime: FIVE_MINUTES,
    gcTime: TEN_MINUTES,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

export const queryClient = createQueryClient();
