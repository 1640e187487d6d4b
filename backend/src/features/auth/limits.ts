import type { RateLimitRule } from '../../http/rate-limit';

/** Account rate limits, shared by every API instance (PostgreSQL). Password guessing: login-throttle.ts. */
export const LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 50, windowSeconds: 15 * 60 },
  /** Sign-in links by e-mail (device-cookie.ts): per address, and per account (quietly: no hint it exists). */
  unlockPerIp: { name: 'login-unlock:ip', limit: 10, windowSeconds: 60 * 60 },
  unlockPerAccount: { name: 'login-unlock:account', limit: 3, windowSeconds: 60 * 60 },
  registerPerIp: { name: 'register:ip', limit: 10, windowSeconds: 60 * 60 },
  verifyPerUser: { name: 'verify:user', limit: 10, windowSeconds: 15 * 60 },
  resendPerMinute: { name: 'resend:user:minute', limit: 1, windowSeconds: 60 },
  resendPerHour: { name: 'resend:user:hour', limit: 5, windowSeconds: 60 * 60 },
  passwordChangePerUser: { name: 'password:user', limit: 10, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;
