import net from 'node:net';
import type pg from 'pg';
import { rateLimited } from '../../http/errors';

/**
 * Password guessing limits. Guesses are counted per account and address, so whoever guesses from one
 * address is slowed and then stopped there, while the owner signing in from elsewhere is not; a higher
 * per-account ceiling stops guessing spread over many addresses. An account is its user id whether
 * it is named by username or by e-mail (one budget), or the normalised name when no account has it.
 */
export const LOGIN_THROTTLE = {
  /** Failures are forgotten this long after the last one. */
  windowSeconds: 15 * 60,
  /** Failures per account and address before each further try must wait. */
  freeFailures: 3,
  /** The wait after freeFailures failures; it doubles with each further failure. */
  firstDelaySeconds: 1,
  /** Failures per account and address; then that address waits out the window. */
  perAddressLimit: 10,
  /** Failures per account from all addresses together; then every address waits out the window. */
  perAccountLimit: 100,
} as const;

/** Seconds to wait before the next try after `failures` failures from one address (0: none). */
export function delayAfter(failures: number): number {
  const { freeFailures, firstDelaySeconds, perAddressLimit, windowSeconds } = LOGIN_THROTTLE;
  if (failures >= perAddressLimit) return windowSeconds;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - freeFailures), windowSeconds);
}

export async function migrateLoginThrottle(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create table if not exists login_failures (
      key text primary key,
      failures int not null,
      last_failed_at timestamptz not null
    );
    create index if not exists login_failures_last_idx on login_failures (last_failed_at);
  `);
}

/**
 * The address a budget belongs to: an IPv4 address, or an IPv6 address's /64 (one subscriber usually has a
 * whole /64, so rotating inside it must not buy fresh guesses).
 */
export function addressBucket(address: string): string {
  if (net.isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function accountKey(account: string): string {
  return `account:${account}`;
}

export function addressKey(account: string, address: string): string {
  return `account+address:${account}:${addressBucket(address)}`;
}

/** A trusted browser's own budget (device-cookie.ts): its failures stop that browser only. */
export function deviceKey(account: string, device: string): string {
  return `account+device:${account}:${device}`;
}

interface Rule {
  limit: number;
  /** Whether delays apply (per address) or only the limit (per account). */
  delays: boolean;
}

const PER_ACCOUNT: Rule = { limit: LOGIN_THROTTLE.perAccountLimit, delays: false };
const PER_ADDRESS: Rule = { limit: LOGIN_THROTTLE.perAddressLimit, delays: true };

export class LoginThrottle {
  private lastSweep = 0;
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Counts a try as a failure before the password is checked, so concurrent guesses cannot all pass
   * one check; `succeeded` takes it back. Throws 429 with Retry-After while the account, or the account
   * from this address, has to wait.
   */
  async attempt(account: string, address: string): Promise<void> {
    this.sweep();
    const perAccount = accountKey(account);
    const waitAccount = await this.count(perAccount, PER_ACCOUNT);
    if (waitAccount > 0) throw rateLimited(waitAccount);
    const waitAddress = await this.count(addressKey(account, address), PER_ADDRESS);
    if (waitAddress > 0) {
      await this.uncount(perAccount);
      throw rateLimited(waitAddress);
    }
  }

  /**
   * A try from a browser that signed in to this account before (a genuine device cookie): counted, delayed
   * and stopped like one address, but not held to the per-account ceiling, so failures from elsewhere never
   * lock the owner's browser out (issue 24 §4), and not added to it.
   */
  async attemptFromDevice(account: string, device: string): Promise<void> {
    this.sweep();
    const wait = await this.count(deviceKey(account, device), PER_ADDRESS);
    if (wait > 0) throw rateLimited(wait);
  }

  async succeededFromDevice(account: string, device: string): Promise<void> {
    await this.pool.query('delete from login_failures where key = $1', [deviceKey(account, device)]);
  }

  /** The right password: this address starts afresh; the try is not a failure of the account. */
  async succeeded(account: string, address: string): Promise<void> {
    await this.pool.query('delete from login_failures where key = $1', [addressKey(account, address)]);
    await this.uncount(accountKey(account));
  }

  /** Failures on record (for tests and the admin's curiosity). */
  async failures(key: string): Promise<number> {
    const { rows } = await this.pool.query<{ failures: number }>(
      `select failures from login_failures where key = $1 and last_failed_at >= now() - make_interval(secs => $2)`,
      [key, LOGIN_THROTTLE.windowSeconds],
    );
    return rows[0]?.failures ?? 0;
  }

  /** Adds a failure unless the key must wait; returns the seconds to wait (0: counted). */
  private async count(key: string, rule: Rule): Promise<number> {
    const window = LOGIN_THROTTLE.windowSeconds;
    const { freeFailures, firstDelaySeconds } = LOGIN_THROTTLE;
    // The wait after f failures, in SQL: none below freeFailures, then doubling (delayAfter). The clock is
    // clock_timestamp(), not now(): a try that waited for another's row lock would otherwise compare the
    // other's later last_failed_at with its own earlier start and be refused for no reason.
    const delay = rule.delays
      ? `case when f.failures < ${freeFailures} then 0
              else least(${firstDelaySeconds} * power(2, f.failures - ${freeFailures}), ${window}) end`
      : '0';
    const counted = await this.pool.query<{ failures: number }>(
      `insert into login_failures as f (key, failures, last_failed_at) values ($1, 1, clock_timestamp())
       on conflict (key) do update set
         failures = case when f.last_failed_at < clock_timestamp() - make_interval(secs => $2) then 1 else f.failures + 1 end,
         last_failed_at = clock_timestamp()
       where f.last_failed_at < clock_timestamp() - make_interval(secs => $2)
          or (f.failures < $3 and clock_timestamp() >= f.last_failed_at + make_interval(secs => ${delay}))
       returning failures`,
      [key, window, rule.limit],
    );
    if (counted.rowCount) return 0;
    const { rows } = await this.pool.query<{ wait: number }>(
      `select extract(epoch from (case when f.failures >= $2 then f.last_failed_at + make_interval(secs => $3)
                                       else f.last_failed_at + make_interval(secs => ${delay}) end) - now())::float8 as wait
       from login_failures f where key = $1`,
      [key, rule.limit, window],
    );
    return Math.max(rows[0]?.wait ?? 1, 1);
  }

  private async uncount(key: string): Promise<void> {
    await this.pool.query('update login_failures set failures = greatest(failures - 1, 0) where key = $1', [
      key,
    ]);
  }

  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    void this.pool
      .query(`delete from login_failures where last_failed_at < now() - make_interval(secs => $1)`, [
        LOGIN_THROTTLE.windowSeconds,
      ])
      .catch(() => undefined);
  }
}
