import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** GET /api/jobs/{id}/structured (spec section 3: text or list per section). */
export interface StructuredJob {
  description?: string | string[] | null;
  responsibilities?: string | string[] | null;
  requirements?: string | string[] | null;
  benefits?: string | string[] | null;
}

/** Fetched only once the job has loaded (spec section 4, Job page). */
export function useStructuredJob(jobId: number | undefined) {
  return useQuery({
    queryKey: ['/api/jobs', jobId, 'structured'],
    queryFn: async () => {
      try {
        return await apiJson<StructuredJob>('GET', `/api/jobs/${jobId}/structured`);
      } catch (error) {
        throw new Error('Failed to fetch structured job details', { cause: error });
      }
    },
    enabled: jobId !== undefined,
  });
}
