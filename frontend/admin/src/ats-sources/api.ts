/**
 * The ATS screens' named commands (backend/src/features/ats/routes.ts); lists and records go
 * through the app's ra-data-simple-rest provider.
 */
import { fetchUtils, type Identifier, type RaRecord } from 'react-admin';
import type { BoardCheckResult } from '@jobs/contracts/ats';

const API = '/api/admin';

async function call<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await fetchUtils.fetchJson(`${API}${path}`, {
    credentials: 'include',
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  return json as T;
}

export interface SyncAnswer {
  sync: { ok: boolean; counts: Record<string, number>; error: { kind: string; message: string } | null };
  source: RaRecord;
}

export interface DiscoveryRun {
  id: string;
  status: 'running' | 'finished' | 'failed';
  candidates: number;
  probes: number;
  probed: number;
  found: number;
  error: string | null;
}

export const atsApi = {
  check: (body: { kind: string; board: string; baseUrl?: string | null }) =>
    call<BoardCheckResult>('/ats-sources/check', body),
  run: (id: Identifier) => call<SyncAnswer>(`/ats-sources/${id}/run`, {}),
  starter: () => call<{ added: number; existing: number; total: number }>('/ats-sources/starter', {}),
  pause: (id: Identifier) => call<RaRecord>(`/ats-sources/${id}/pause`, {}),
  resume: (id: Identifier) => call<RaRecord>(`/ats-sources/${id}/resume`, {}),
  interval: (id: Identifier, intervalMinutes: number) =>
    call<RaRecord>(`/ats-sources/${id}/interval`, { intervalMinutes }),
  discover: (body: { candidates: string; baseUrl?: string | null }) =>
    call<DiscoveryRun>('/company-discovery', body),
  discoveryRun: (id: string) => call<DiscoveryRun>(`/company-discovery/${id}`),
  candidates: () => call<{ candidates: string[] }>('/company-discovery/candidates'),
  approve: (id: Identifier) => call<RaRecord>(`/discovered-companies/${id}/approve`, {}),
  reject: (id: Identifier) => call<RaRecord>(`/discovered-companies/${id}/reject`, {}),
};

/** The server's message for a failed call. */
export function errorMessage(error: unknown): string {
  const e = error as { message?: string; body?: { error?: { message?: string } } };
  return e?.body?.error?.message ?? e?.message ?? 'Something went wrong';
}

export const ATS_CHOICES = [
  { id: 'greenhouse', name: 'Greenhouse' },
  { id: 'lever', name: 'Lever' },
  { id: 'ashby', name: 'Ashby' },
  { id: 'workable', name: 'Workable' },
  { id: 'smartrecruiters', name: 'SmartRecruiters' },
  { id: 'recruitee', name: 'Recruitee' },
];
