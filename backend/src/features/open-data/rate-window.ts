/**
 * An in-process fixed-window counter for the public API's per-IP limit.
 *
 * Why not the PostgreSQL RateLimiter (http/rate-limit.ts) that login and ingestion use: that costs a
 * committed upsert per request, about as much as the feed query itself, on every public read; the public
 * feed's p95 budget is 15 ms. The trade-off: counts are per process (N API instances allow N times the
 * limit) and restart at a deploy. That is acceptable for a politeness limit on free, cacheable reads;
 * limits that protect accounts stay in PostgreSQL.
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
