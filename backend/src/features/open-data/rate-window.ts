import type pg from 'pg';

/**
 * Fixed-window counters for the public API's per-IP limit.
 *
 * Why not the PostgreSQL RateLimiter (http/rate-limit.ts) that login and ingestion use: that costs a
 * committed upsert per request, about as much as the feed query itself, on every public read. Instead a
 * request is decided in memory: WindowCounter alone (one process), or SharedWindowCounter, which adds each
 * instance's hits to PostgreSQL in one statement every half second, so N instances share one limit.
 * Limits that protect accounts stay in PostgreSQL, checked on every request.
 */
export interface WindowHit {
  count: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

export class WindowCounter {
  private windowIndex = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    readonly windowSeconds: number,
    /** Memory bound: past this many subjects in one window, new ones are not tracked (fail open). */
    private readonly maxSubjects = 200_000,
    private readonly clock: () => number = Date.now,
  ) {}

  hit(subject: string): WindowHit {
    const nowMs = this.clock();
    const windowMs = this.windowSeconds * 1000;
    const index = Math.floor(nowMs / windowMs);
    if (index !== this.windowIndex) {
      this.windowIndex = index;
      this.counts.clear();
    }
    const resetSeconds = Math.max(1, Math.ceil(((index + 1) * windowMs - nowMs) / 1000));
    const previous = this.counts.get(subject);
    if (previous === undefined && this.counts.size >= this.maxSubjects) return { count: 1, resetSeconds };
    const count = (previous ?? 0) + 1;
    this.counts.set(subject, count);
    return { count, resetSeconds };
  }
}

/** The subject's hits of every instance, summed in PostgreSQL (one row per subject and window). */
const SHARED_TABLE_SQL = `
  create table if not exists public_rate_windows (
    name text not null,
    subject text not null,
    window_start bigint not null,
    count integer not null,
    primary key (name, subject, window_start)
  )`;

const ADD_HITS_SQL = `
  insert into public_rate_windows (name, subject, window_start, count)
  select $1, s.subject, $2, s.delta from unnest($3::text[], $4::int[]) as s(subject, delta)
  order by s.subject
  on conflict (name, subject, window_start) do update set count = public_rate_windows.count + excluded.count
  returning subject, count`;

export interface SharedWindowOptions {
  /** How often this instance adds its hits to the shared counts and reads them back (default 500 ms). */
  flushMs?: number;
  maxSubjects?: number;
  clock?: () => number;
  onError?: (err: unknown) => void;
}

/**
 * The same fixed-window limit, shared by every API instance without a database write per request: each instance
 * counts in memory and, every `flushMs`, adds its new hits to one row per subject in PostgreSQL, reading back the
 * total of all instances. A request is decided in memory against (the shared total at the last flush + this
 * instance's hits since): N instances together allow the limit, plus at most what they take in one flush interval.
 * When PostgreSQL is unreachable, each instance goes on counting alone (the limit then holds per instance).
 */
export class SharedWindowCounter {
  private windowIndex = -1;
  private shared = new Map<string, number>();
  private unsent = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private ready: Promise<void> | null = null;
  private lastSweep = 0;
  private readonly flushMs: number;
  private readonly maxSubjects: number;
  private readonly clock: () => number;

  constructor(
    private readonly pool: pg.Pool,
    readonly name: string,
    readonly windowSeconds: number,
    private readonly options: SharedWindowOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 500;
    this.maxSubjects = options.maxSubjects ?? 200_000;
    this.clock = options.clock ?? Date.now;
  }

  hit(subject: string): WindowHit {
    const nowMs = this.clock();
    const windowMs = this.windowSeconds * 1000;
    const index = Math.floor(nowMs / windowMs);
    if (index !== this.windowIndex) {
      if (this.unsent.size) void this.flush(); // the last window's hits still count for it
      this.windowIndex = index;
      this.shared = new Map();
    }
    const resetSeconds = Math.max(1, Math.ceil(((index + 1) * windowMs - nowMs) / 1000));
    const own = this.unsent.get(subject);
    if (own === undefined && this.unsent.size >= this.maxSubjects) return { count: 1, resetSeconds };
    this.unsent.set(subject, (own ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    this.timer.unref?.();
    return { count: (this.shared.get(subject) ?? 0) + (own ?? 0) + 1, resetSeconds };
  }

  /** Adds this instance's hits to the shared counts and reads the totals back (tests call it directly). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.unsent.size) return;
    const batch = this.unsent;
    const index = this.windowIndex;
    this.unsent = new Map();
    try {
      this.ready ??= this.pool.query(SHARED_TABLE_SQL).then(() => undefined);
      await this.ready;
      const { rows } = await this.pool.query<{ subject: string; count: number }>(ADD_HITS_SQL, [
        this.name,
        index,
        [...batch.keys()],
        [...batch.values()],
      ]);
      if (index === this.windowIndex) for (const r of rows) this.shared.set(r.subject, r.count);
      await this.sweep(index);
    } catch (err) {
      this.ready = null;
      // Not shared this time: the hits stay this instance's own for the rest of the window.
      if (index === this.windowIndex)
        for (const [s, n] of batch) this.shared.set(s, (this.shared.get(s) ?? 0) + n);
      this.options.onError?.(err);
    }
  }

  /** Drops rows of windows long past, at most once a window. */
  private async sweep(index: number): Promise<void> {
    if (this.lastSweep === index) return;
    this.lastSweep = index;
    await this.pool.query('delete from public_rate_windows where name = $1 and window_start < $2', [
      this.name,
      index - 1,
    ]);
  }
}
