import type { RateLimitRule } from '../../http/rate-limit';

/**
 * Report limits, shared by every API instance (PostgreSQL): enough for a visitor who finds a few bad jobs,
 * too few to flood the queue. The per-job one keeps one address from piling reports onto one job.
 */
export const REPORT_LIMITS = {
  perAddress: { name: 'report:ip', limit: 10, windowSeconds: 60 * 60 },
  perAddressAndJob: { name: 'report:ip:job', limit: 2, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
