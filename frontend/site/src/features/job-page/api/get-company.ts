import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** GET /api/companies/{companyName}. */
export interface CompanyDetails {
  name: string;
  slug: string;
  description: string | null;
  /** 'generated' means machine-written: only then the 'AI Generated' badge. */
  descriptionSource: 'company' | 'ats' | 'generated' | null;
  size: string | null;
  founded: number | null;
  industry: string | null;
  website: string | null;
  logo: string | null;
  openJobs: number;
}

/** The company of the job's Company Profile tab, fetched separately from the job (spec section 4). */
export function useJobCompany(companyName: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/companies', companyName],
    queryFn: () => apiJson<CompanyDetails>('GET', `/api/companies/${encodeURIComponent(companyName)}`),
    enabled,
    retry: false,
  });
}
