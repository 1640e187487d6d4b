import { useQuery } from '@tanstack/react-query';
import type { PublicCardJob } from '@jobs/contracts';
import { apiJson } from '../../../lib/api-client';

/** A similar job as its card shows it: GET …/similar?fields=card (the job page's HTML carries the same). */
export type SimilarJob = PublicCardJob;

/** The similar jobs' query: primed from the page's state (primeJobPage), else fetched as cards. */
export const similarQueryKey = (jobId: number | undefined) =>
  ['/api/jobs', jobId, 'similar', 'card'] as const;

/** GET /api/jobs/{identifier}/similar?fields=card: up to 6 live jobs like this one. */
export function useSimilarJobs(jobId: number | undefined) {
  return useQuery({
    queryKey: similarQueryKey(jobId),
    queryFn: () => apiJson<SimilarJob[]>('GET', `/api/jobs/${jobId}/similar?fields=card`),
    enabled: jobId !== undefined,
  });
}
