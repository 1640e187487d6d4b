import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
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
    // A 404 the server already answered (primeCompanyPage) stays on screen.
    retryOnMount: false,
  });
}

/**
 * The server's lookup for the company page at `pathname`, in the cache before the first render (server
 * and browser alike): the profile and the first page of jobs render at once, fetched by no one again.
 */
export function primeCompanyPage(queryClient: QueryClient, pathname: string): void {
  const match = /^\/companies\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return;
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  const initial = takeInitialCompany(name);
  if (!initial) return;
  if (initial.status === 404) {
    const error = new ApiError(
      404,
      'Not Found',
      JSON.stringify({ message: 'Company not found', code: 'NOT_FOUND' }),
    );
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: ['/api/companies', name] })
      .setState({
        status: 'error',
        error,
        errorUpdatedAt: Date.now(),
        fetchFailureCount: 1,
        fetchFailureReason: error,
      });
    return;
  }
  queryClient.setQueryData(['/api/companies', name], initial.company);
  const jobs = takeInitialJobs(name);
  if (jobs) queryClient.setQueryData(['/api/companies', name, 'jobs'], { pages: [jobs], pageParams: [1] });
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
