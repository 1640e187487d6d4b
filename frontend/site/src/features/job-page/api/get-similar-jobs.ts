import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import type { Job } from './get-job';

/** GET /api/jobs/{identifier}/similar: up to 6 live jobs like this one. */
export function useSimilarJobs(jobId: number | undefined) {
  return useQuery({
    queryKey: ['/api/jobs', jobId, 'similar'],
    queryFn: () => apiJson<Job[]>('GET', `/api/jobs/${jobId}/similar`),
    enabled: jobId !== undefined,
  });
}
