import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PublicJob } from '@jobs/contracts';
import { ApiError, apiJson, getErrorStatus } from '../../../lib/api-client';
import { takeInitialCompany, takeInitialJobs } from './initial-state';

/** GET /api/companies/{companyName}. */
export interface CompanyDetails {
  name: string;
  slug: string;
  description: string | null;
  descriptionSource: 'company' | 'ats' | 'generated' | null;
  size: string | null;
  founded: number | null;
  industry: string | null;
  website: string | null;
  logo: string | null;
  openJobs: number;
}

/** GET /api/companies/{companyName}/jobs?page=: the company's live jobs. */
export interface CompanyJobsPage {
  data: (PublicJob & { excerpt?: string })[];
  page: number;
  totalPages: number;
  totalJobs: number;
}

const companyPath = (name: string) => `/api/companies/${encodeURIComponent(name)}`;

async function getCompany(name: string): Promise<CompanyDetails> {
  const initial = takeInitialCompany(name);
  if (initial?.status === 200) return initial.company;
  if (initial?.status === 404) {
    throw new ApiError(404, 'Not Found', JSON.stringify({ message: 'Company not found', code: 'NOT_FOUND' }));
  }
  return apiJson<CompanyDetails>('GET', companyPath(name));
}

export function useCompany(name: string) {
  return useQuery({
    queryKey: ['/api/companies', name],
    queryFn: () => getCompany(name),
    retry: (count, error) => count < 1 && (getErrorStatus(error) ?? 500) >= 500,
  });
}

export function useCompanyJobs(name: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/companies', name, 'jobs'],
    queryFn: async ({ pageParam }) => {
      const initial = pageParam === 1 ? takeInitialJobs(name) : undefined;
      return initial ?? apiJson<CompanyJobsPage>('GET', `${companyPath(name)}/jobs?page=${pageParam}`);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled,
  });
}
