import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { JobCard } from '../../../components/job-card';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { feedHeading, formatCount } from '../../../lib/text/heading';
import { updatedAgo } from '../../../lib/text/relative-age';
import { jobsCountKey, useJobsCount } from '../api/get-jobs-count';
import { jobsFeedKey, useJobsFeed } from '../api/get-jobs';
import { apiQuery, hasFilters, type FeedState } from '../filters';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useHomeSeo } from '../hooks/use-home-seo';
import { useLoadMoreRef } from '../hooks/use-load-more';
import { useNewJobs } from '../hooks/use-new-jobs';
import { useSearchReport } from '../hooks/use-search-report';
import type { FeedJob } from '../types';
import { lazyPage } from '../../../lib/lazy-page';
import { FeedEnd, FeedLoadingMore, FeedSkeleton } from './feed-states';

/** The empty and error states, loaded when shown (and before hydrating a feed the server rendered empty). */
export const FeedNotice = lazyPage(() => import('./feed-message'));

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Pages can overlap when jobs arrive between two page loads: each job is listed once. */
function uniqueJobs(pages: readonly { data: FeedJob[] }[] | undefined): FeedJob[] {
  const seen = new Set<number>();
  const jobs: FeedJob[] = [];
  for (const page of pages ?? [])
    for (const job of page.data)
      if (!seen.has(job.id)) {
        seen.add(job.id);
        jobs.push(job);
      }
  return jobs;
}

/**
 * The infinite feed (spec sections 2 and 4, Feed): heading, 'Updated {ago}', the new-jobs button, the
 * cards, and the loading, empty, error, paging and end states.
 */
export function JobFeed({ state, actions }: { state: FeedState; actions?: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useMemo(() => apiQuery(state), [state]);
  const feed = useJobsFeed(query);
  const count = useJobsCount();
  const jobs = useMemo(() => uniqueJobs(feed.data?.pages), [feed.data]);
  const ids = useMemo(() => jobs.map((job) => job.id), [jobs]);
  const newJobs = useNewJobs(query, ids, feed.isSuccess);
  const now = useNow(30_000);

  // A failed page load stops paging until the feed is refreshed (spec section 8, Feed).
  const canLoadMore =
    feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError && !feed.isFetching;
  const lastCardRef = useLoadMoreRef(() => void feed.fetchNextPage(), canLoadMore);

  function refresh() {
    void queryClient.resetQueries({ queryKey: jobsFeedKey(query), exact: true });
    void queryClient.invalidateQueries({ queryKey: jobsCountKey });
  }

  const filtered = hasFilters(state.filters);
  // After a search, filter or sort change the previous answer is only a placeholder: it neither fills the new
  // heading nor stays on screen as if it were the answer; the feed shows its loading state (spec: six skeletons).
  const firstPage = feed.isPlaceholderData ? undefined : feed.data?.pages[0];
  const loading = feed.isPending || feed.isPlaceholderData;
  const heading = feedHeading({
    filters: {
      ...state.filters,
      isRemote: state.filters.isRemote ? state.filters.isRemote === 'true' : undefined,
    },
    totalCount: count.data?.total,
    filteredTotal: firstPage?.totalJobs,
  });
  useHomeSeo(firstPage?.totalJobs);
  useSearchReport(query, firstPage !== undefined);
  // The server writes the same title for the URL (backend/src/features/site-seo/home.ts).
  useDocumentTitle(filtered && heading ? heading : undefined);
  const unfilteredFallback = !filtered && heading === null ? firstPage?.totalJobs : undefined;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="feed-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {heading ??
            (unfilteredFallback !== undefined ? (
              `${formatCount(unfilteredFallback)} Remote & Hybrid Jobs`
            ) : (
              <Skeleton className="inline-block h-7 w-64 align-middle" />
            ))}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {feed.dataUpdatedAt > 0 && (
            <p className="text-sm text-slate-600" data-testid="feed-updated" suppressHydrationWarning>
              Updated {updatedAgo(feed.dataUpdatedAt, now)}
            </p>
          )}
          {actions}
        </div>
      </div>

      <div aria-live="polite" className="mt-3 min-h-0">
        {newJobs > 0 && (
          <Button variant="secondary" size="sm" onClick={refresh}>
            {newJobs} new {newJobs === 1 ? 'job' : 'jobs'}
          </Button>
        )}
      </div>

      <div className="mt-4" aria-busy={feed.isFetching && !feed.isFetchingNextPage}>
        {loading ? (
          <FeedSkeleton />
        ) : (feed.isError && !feed.data) || jobs.length === 0 ? (
          <Suspense fallback={<FeedSkeleton />}>
            <FeedNotice kind={feed.isError && !feed.data ? 'error' : 'empty'} onRefresh={refresh} />
          </Suspense>
        ) : (
          <>
            <ul className="grid gap-4" aria-label="Jobs">
              {jobs.map((job, i) => (
                <li key={job.id}>
                  <JobCard
                    job={job}
                    variant="feed"
                    highlight={state.filters.title}
                    ref={i === jobs.length - 1 ? lastCardRef : undefined}
                  />
                </li>
              ))}
            </ul>
            {feed.isFetchingNextPage ? (
              <FeedLoadingMore />
            ) : !feed.hasNextPage ? (
              <FeedEnd onRefresh={refresh} />
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
