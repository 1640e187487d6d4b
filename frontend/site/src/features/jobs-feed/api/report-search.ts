import { apiRequest } from '../../../lib/api-client';
import type { JobsQuery } from '../filters';

/**
 * POST /api/searches: tells the board's analytics the visitor settled on this search (the server counts the
 * results itself). A failure costs only a count: it is never shown.
 */
export function reportSearch(query: JobsQuery): void {
  apiRequest('POST', '/api/searches', query).catch(() => undefined);
}
