/**
 * The company page the server already looked up (backend/src/features/site-seo/company.ts), sent as
 * window.__INITIAL_STATE__.companyPage: used once, for the name it was rendered for.
 */
import { takeInitial, type InitialState } from '../../../lib/initial-state';
import type { CompanyDetails, CompanyJobsPage } from './get-company';

export type CompanyPageState =
  | { name: string; status: 200; company: CompanyDetails; jobs: CompanyJobsPage }
  | { name: string; status: 404 };

function read(state: InitialState, name: string): CompanyPageState | undefined {
  const page = state.companyPage as CompanyPageState | undefined;
  return page?.name === name ? page : undefined;
}

export function takeInitialCompany(name: string): CompanyPageState | undefined {
  return takeInitial('companyPage.company', (state) => read(state, name));
}

export function takeInitialJobs(name: string): CompanyJobsPage | undefined {
  return takeInitial('companyPage.jobs', (state) => {
    const page = read(state, name);
    return page?.status === 200 ? page.jobs : undefined;
  });
}
