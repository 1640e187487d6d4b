import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { JobsQuery } from '../filters';
import { takeInitialFeed } from '../initial-state';
import type { JobsPage } from '../types';

/** Spec section 9: the feed's first page is cached 30 s. */
export const FEED_STALE_MS = 30_000;
/** Spec section 8. */
export const FEED_ERROR_MESSAGE = 'Failed to fetch jobs';

export function jobsUrl(query: JobsQuery, page: number): string {
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  // Only what a card shows: a few KB per keystroke instead of 20 whole descriptions.
  params.set('fields', 'card');
  return `/api/jobs?${params.toString()}`;
}

export async function fetchJobsPage(query: JobsQuery, page: number, signal?: AbortSignal): Promise<JobsPage> {
  const response = await fetch(jobsUrl(query, page), { credentials: 'include', signal });
  if (!response.ok) throw new Error(FEED_ERROR_MESSAGE);
  return (await response.json()) as JobsPage;
}

export const jobsFeedKey = (query: JobsQuery) => ['/api/jobs', 'feed', query] as const;

export function jobsFeedQueryOptions(query: JobsQuery) {
  // TanStack calls initialData, then initialDataUpdatedAt, when it builds the query.
  let initialAt: number | undefined;
  return infiniteQueryOptions({
    queryKey: jobsFeedKey(query),
    queryFn: ({ pageParam, signal }) => fetchJobsPage(query, pageParam, signal),
    initialPageParam: 1,
    // Has-more while page < totalPages (spec section 4, Feed).
    getNextPageParam: (last: JobsPage) => (last.page < last.totalPages ? last.page + 1 : undefined),
    staleTime: FEED_STALE_MS,
    initialData: () => {
      const initial = takeInitialFeed(query);
      if (!initial) return undefined;
      initialAt = initial.at;
      return { pages: [initial.page], pageParams: [1] };
    },
    initialDataUpdatedAt: () => initialAt,
  });
}

/** The feed; while a new filter's first page loads, the previous list stays (no skeleton flash per keystroke). */
export function useJobsFeed(query: JobsQuery) {
  return useInfiniteQuery({ ...jobsFeedQueryOptions(query), placeholderData: keepPreviousData });
}
