import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { Job } from './get-job';

/** A similar job as the API answers it: the job and its card excerpt. */
export type SimilarJob = Job & { excerpt?: string };

/** GET /api/jobs/{identifier}/similar: up to 6 live jobs like this one. */
export function useSimilarJobs(jobId: number | undefined) {
  return useQuery({
    queryKey: ['/api/jobs', jobId, 'similar'],
    queryFn: () => apiJson<SimilarJob[]>('GET', `/api/jobs/${jobId}/similar`),
    enabled: jobId !== undefined,
  });
}
