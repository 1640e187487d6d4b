import { queryOptions, useQuery, type QueryFunction } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';
import type { FilterOptions } from '../types';

/** Spec section 9: the filter bar caches the filter options 5 minutes. */
export const FILTER_OPTIONS_STALE_MS = 5 * 60_000;

export function filterOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/filter-options'] as const,
    queryFn: getQueryFn<FilterOptions>({ on401: 'throw' }) as QueryFunction<FilterOptions>,
    staleTime: FILTER_OPTIONS_STALE_MS,
  });
}

export function useFilterOptions() {
  return useQuery(filterOptionsQueryOptions());
}
