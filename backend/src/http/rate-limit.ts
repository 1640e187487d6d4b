import type pg from 'pg';
import { rateLimited } from './errors';

/**
 * Fixed-window rate limits stored in PostgreSQL, so every API instance shares them.
 * `hit` counts one attempt and throws RATE_LIMITED (429 with Retry-After) past the limit.
 */
export interface RateLimitRule {
  /** e.g. 'login:ip' */
  name: string;
  limit: number;
  windowSeconds: number;
}

export async function migrateRateLimits(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create table if not exists rate_limits (
      key text not null,
      window_start timestamptz not null,
      count int not null,
      primary key (key, window_start)
    );
    create index if not exists rate_limits_window_idx on rate_limits (window_start);
  `);
}

export class RateLimiter {
  private lastSweep = 0;
  constructor(private readonly pool: pg.Pool) {}

  /** Counts an attempt; returns the remaining allowance, or throws 429 when over the limit. */
  async hit(
    rule: RateLimitRule,
    subject: string,
    cost = 1,
  ): Promise<{ remaining: number; resetSeconds: number }> {
    const nowMs = Date.now();
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
    const { rows } = await this.pool.query<{ count: number }>(
      `insert into rate_limits (key, window_start, count) values ($1, $2, $3)
       on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
       returning count`,
      [`${rule.name}:${subject}`, windowStart, cost],
    );
    const count = rows[0]!.count;
    const resetSeconds = (windowStart.getTime() + windowMs - nowMs) / 1000;
    if (nowMs - this.lastSweep > 60_000) {
      this.lastSweep = nowMs;
      void this.pool
        .query(`delete from rate_limits where window_start < now() - interval '1 day'`)
        .catch(() => undefined);
    }
    if (count > rule.limit) throw rateLimited(resetSeconds);
    return { remaining: rule.limit - count, resetSeconds };
  }

  /** Reads without counting (e.g. to show the state). */
  async peek(rule: RateLimitRule, subject: string): Promise<number> {
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    const { rows } = await this.pool.query<{ count: number }>(
      'select count from rate_limits where key = $1 and window_start = $2',
      [`${rule.name}:${subject}`, windowStart],
    );
    return rows[0]?.count ?? 0;
  }

  /** Forgets a subject's attempts (e.g. after a successful sign-in). */
  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.pool.query('delete from rate_limits where key = $1', [`${rule.name}:${subject}`]);
  }
}
