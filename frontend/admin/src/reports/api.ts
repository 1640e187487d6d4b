/**
 * The reports queue's named commands (backend/src/features/reports/admin-routes.ts). Each sends the
 * reports stream's revision on screen: a report that arrived since answers 409.
 */
import { fetchUtils, type Identifier, type RaRecord } from 'react-admin';
import type { Workplace } from '@jobs/contracts/jobs';

const API = '/api/admin/reports';

async function command(id: Identifier, action: string, body: Record<string, unknown>): Promise<RaRecord> {
  const { json } = await fetchUtils.fetchJson(`${API}/${id}/${action}`, {
    credentials: 'include',
    method: 'POST',
    body: JSON.stringify(body),
  });
  return json as RaRecord;
}

export const reportsApi = {
  dismiss: (id: Identifier, expectedRevision: number) => command(id, 'dismiss', { expectedRevision }),
  correct: (id: Identifier, workplace: Workplace, expectedRevision: number) =>
    command(id, 'correct', { workplace, expectedRevision }),
  remove: (id: Identifier, reason: string, expectedRevision: number) =>
    command(id, 'remove', { reason, expectedRevision }),
};

/** The server's message (e.g. 'New reports arrived for this job. Reload and try again.'). */
export function reportErrorMessage(error: unknown): string {
  const e = error as { message?: string; body?: { error?: { message?: string } } };
  return e?.body?.error?.message ?? e?.message ?? 'Something went wrong';
}
