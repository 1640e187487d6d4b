import type { RateLimitRule } from '../../http/rate-limit';

/** Subscription limits, shared by every API instance (PostgreSQL). The per-address one also bounds confirmation resends. */
export const ALERT_LIMITS = {
  subscribePerIp: { name: 'alert:ip', limit: 20, windowSeconds: 60 * 60 },
  subscribePerAddress: { name: 'alert:address', limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
