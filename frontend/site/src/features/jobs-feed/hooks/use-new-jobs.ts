import { useEffect, useRef, useState } from 'react';
import { fetchJobsPage } from '../api/get-jobs';
import type { JobsQuery } from '../filters';

/** Spec section 9: page 1 is re-fetched every 120 000 ms to look for new jobs. */
export const NEW_JOBS_POLL_MS = 120_000;

/**
 * How many jobs of a fresh page 1 are not yet in the list. Polls only while `enabled` (the feed has
 * loaded); a failed poll is ignored (the next one tries again). The count resets when the query changes.
 */
export function useNewJobs(query: JobsQuery, listedIds: readonly number[], enabled: boolean): number {
  const [newCount, setNewCount] = useState(0);
  const listed = useRef(new Set<number>());
  listed.current = new Set(listedIds);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    setNewCount(0);
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      fetchJobsPage(JSON.parse(queryKey) as JobsQuery, 1, controller.signal)
        .then((page) => setNewCount(page.data.filter((job) => !listed.current.has(job.id)).length))
        .catch(() => undefined);
    }, NEW_JOBS_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [queryKey, enabled]);

  // Once the list holds the jobs (after a refresh), they are no longer new.
  useEffect(() => {
    setNewCount(0);
  }, [listedIds]);

  return newCount;
}
