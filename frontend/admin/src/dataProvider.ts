/**
 * ra-data-simple-rest on /api/admin with the session cookie, plus the named commands and reads that
 * are not generic record operations (remove, repost, role changes, history, dashboard, analytics).
 */
import { fetchUtils, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { AnalyticsData, CompanyChange, DashboardData, HistoryEntry, JobDuplicates } from './types';

export const API = '/api/admin';

const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

async function post<T>(path: string, body: unknown): Promise<T> {
  const { json } = await httpClient(`${API}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return json as T;
}

async function get<T>(path: string): Promise<T> {
  const { json } = await httpClient(`${API}${path}`);
  return json as T;
}

export interface AdminCommands {
  removeJob(id: Identifier, body: { reason: string; expectedRevision: number }): Promise<RaRecord>;
  repostJob(id: Identifier, body: { expectedRevision: number }): Promise<RaRecord>;
  bulkRemoveJobs(body: {
    ids: Identifier[];
    reason: string;
  }): Promise<{ removed: number; results: { id: string; ok: boolean; error?: string }[] }>;
  jobHistory(id: Identifier): Promise<HistoryEntry[]>;
  jobDuplicates(id: Identifier): Promise<JobDuplicates>;
  unmergeJob(id: Identifier): Promise<{ ok: true; events: string[] }>;
  companyHistory(slug: string): Promise<CompanyChange[]>;
  setCompanyProfile(slug: string, body: { website?: string; logo?: string }): Promise<{ ok: true }>;
  undoCompanyChange(slug: string, eventId: string): Promise<{ ok: true; undone: string[] }>;
  changeUserRole(
    id: Identifier,
    body: { role: 'user' | 'admin'; expectedRevision: number },
  ): Promise<RaRecord>;
  resendVerification(id: Identifier): Promise<RaRecord>;
  dashboard(): Promise<DashboardData>;
  analytics(period: string): Promise<AnalyticsData>;
}

export type AdminDataProvider = DataProvider & AdminCommands;

export const dataProvider: AdminDataProvider = {
  ...simpleRestProvider(API, httpClient),
  removeJob: (id, body) => post(`/jobs/${id}/remove`, body),
  repostJob: (id, body) => post(`/jobs/${id}/repost`, body),
  bulkRemoveJobs: (body) => post('/jobs/bulk-remove', body),
  jobHistory: (id) => get(`/jobs/${id}/history`),
  jobDuplicates: (id) => get(`/jobs/${id}/duplicates`),
  unmergeJob: (id) => post(`/jobs/${id}/unmerge`, {}),
  companyHistory: (slug) => get(`/companies/${encodeURIComponent(slug)}/history`),
  setCompanyProfile: async (slug, body) => {
    const { json } = await httpClient(`${API}/companies/${encodeURIComponent(slug)}`, {
      method: 'PUT',
      body: JSON.stringify(body),
    });
    return json as { ok: true };
  },
  undoCompanyChange: (slug, eventId) => post(`/companies/${encodeURIComponent(slug)}/undo`, { eventId }),
  changeUserRole: (id, body) => post(`/users/${id}/role`, body),
  resendVerification: (id) => post(`/users/${id}/resend-verification`, {}),
  dashboard: () => get('/dashboard'),
  analytics: (period) => get(`/analytics?period=${encodeURIComponent(period)}`),
};

/** The message to show for a failed command: a stale revision says someone else changed it first. */
export function commandErrorMessage(error: unknown): string {
  const e = error as { status?: number; message?: string; body?: { error?: { message?: string } } };
  if (e?.status === 409 && /reload/i.test(e.body?.error?.message ?? e.message ?? ''))
    return 'Someone else changed this first. Reload and try again.';
  return e?.body?.error?.message ?? e?.message ?? 'Something went wrong';
}
