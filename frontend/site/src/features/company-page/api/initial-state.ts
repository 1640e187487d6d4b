/**
 * The company page the server already looked up (backend/src/features/site-seo/company.ts), sent as
 * window.__INITIAL_STATE__.companyPage: used once, for the name it was rendered for.
 */
import type { CompanyDetails, CompanyJobsPage } from './get-company';

export type CompanyPageState =
  | { name: string; status: 200; company: CompanyDetails; jobs: CompanyJobsPage }
  | { name: string; status: 404 };

const taken = { company: false, jobs: false };

function read(name: string): CompanyPageState | undefined {
  if (typeof window === 'undefined') return undefined;
  const state = window.__INITIAL_STATE__?.companyPage as CompanyPageState | undefined;
  return state?.name === name ? state : undefined;
}

export function takeInitialCompany(name: string): CompanyPageState | undefined {
  const state = read(name);
  if (taken.company || !state) return undefined;
  taken.company = true;
  return state;
}

export function takeInitialJobs(name: string): CompanyJobsPage | undefined {
  const state = read(name);
  if (taken.jobs || state?.status !== 200) return undefined;
  taken.jobs = true;
  return state.jobs;
}
