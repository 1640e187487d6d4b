import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicJob } from '@jobs/contracts';
import { ApiError, apiJson, getErrorStatus } from '../../../lib/api-client';
import { similarQueryKey } from './get-similar-jobs';
import { takeInitialJob, type JobPageState } from './initial-state';

export type Job = PublicJob;

export const jobQueryKey = (identifier: string) => ['/api/jobs', identifier] as const;

/** The API's error for a job the server found removed or unknown. */
function initialError(initial: Exclude<JobPageState, { status: 200 }>): ApiError {
  if (initial.status === 410) {
    const { message, reason, removedAt, slug } = initial.gone;
    return new ApiError(410, 'Gone', JSON.stringify({ message, code: 'GONE', reason, removedAt, slug }));
  }
  return new ApiError(404, 'Not Found', JSON.stringify({ message: 'Job not found', code: 'NOT_FOUND' }));
}

/** GET /api/jobs/{identifier}: the job, or ApiError 404 NOT_FOUND / 410 GONE / 500 INTERNAL_ERROR. */
export async function getJob(identifier: string): Promise<Job> {
  const initial = takeInitialJob(identifier);
  if (initial?.status === 200) return initial.job;
  if (initial) throw initialError(initial);
  return apiJson<Job>('GET', `/api/jobs/${encodeURIComponent(identifier)}`);
}

/**
 * The server's lookup for the job page at `pathname`, put into the cache before the first render (on the
 * server before rendering, in the browser before hydrating): the page, its description's sections, the
 * similar jobs and the company profile render at once, and nothing is fetched again.
 */
export function primeJobPage(queryClient: QueryClient, pathname: string): void {
  const match = /^\/jobs\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return;
  let identifier: string;
  try {
    identifier = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  const initial = takeInitialJob(identifier);
  if (!initial) return;
  if (initial.status !== 200) {
    const error = initialError(initial);
    // An answered error, as a failed fetch leaves it (retryOnMount false in useJob: not asked again on mount).
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: jobQueryKey(identifier) })
      .setState({
        status: 'error',
        error,
        errorUpdatedAt: Date.now(),
        fetchFailureCount: 1,
        fetchFailureReason: error,
      });
    return;
  }
  const { job, structured, similar, company } = initial;
  queryClient.setQueryData(jobQueryKey(identifier), job);
  if (structured) queryClient.setQueryData(['/api/jobs', job.id, 'structured'], structured);
  if (similar) queryClient.setQueryData(similarQueryKey(job.id), similar);
  if (company) queryClient.setQueryData(['/api/companies', job.company], company);
}

/** A 404 or 410 will not change on a retry; a server or network failure might (spec: queries retry once). */
export function retryServerErrors(failureCount: number, error: unknown): boolean {
  const status = getErrorStatus(error);
  return failureCount < 1 && (status === undefined || status >= 500);
}

export function useJob(identifier: string) {
  return useQuery({
    queryKey: jobQueryKey(identifier),
    queryFn: () => getJob(identifier),
    retry: retryServerErrors,
    // A 404 or 410 the server already answered (primeJobPage) stays on screen; Try Again refetches.
    retryOnMount: false,
  });
}

/** Stores a job under another identifier (its slug), so moving to the slug URL fetches nothing. */
export function rememberJob(queryClient: QueryClient, identifier: string, job: Job): void {
  queryClient.setQueryData(jobQueryKey(identifier), job);
}
