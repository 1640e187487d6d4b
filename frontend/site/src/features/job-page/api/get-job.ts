import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicJob } from '@jobs/contracts';
import { ApiError, apiJson, getErrorStatus } from '../../../lib/api-client';
import { takeInitialJob } from './initial-state';

export type Job = PublicJob;

export const jobQueryKey = (identifier: string) => ['/api/jobs', identifier] as const;

/** GET /api/jobs/{identifier}: the job, or ApiError 404 NOT_FOUND / 410 GONE / 500 INTERNAL_ERROR. */
export async function getJob(identifier: string): Promise<Job> {
  const initial = takeInitialJob(identifier);
  if (initial?.status === 200) return initial.job;
  if (initial?.status === 410) {
    const { message, reason, removedAt, slug } = initial.gone;
    throw new ApiError(410, 'Gone', JSON.stringify({ message, code: 'GONE', reason, removedAt, slug }));
  }
  if (initial?.status === 404) {
    throw new ApiError(404, 'Not Found', JSON.stringify({ message: 'Job not found', code: 'NOT_FOUND' }));
  }
  return apiJson<Job>('GET', `/api/jobs/${encodeURIComponent(identifier)}`);
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
  });
}

/** Stores a job under another identifier (its slug), so moving to the slug URL fetches nothing. */
export function rememberJob(queryClient: QueryClient, identifier: string, job: Job): void {
  queryClient.setQueryData(jobQueryKey(identifier), job);
}
