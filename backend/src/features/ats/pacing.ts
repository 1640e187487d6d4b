import type { FetchLike } from './connectors/types';

/**
 * A fetch that starts requests to one host at least `minGapMs` apart (Lever's robots ask for 1 s),
 * whatever the number of syncs in flight; different hosts do not wait for each other.
 */
export function pacedFetch(inner: FetchLike, minGapMs: number): FetchLike {
  const nextSlot = new Map<string, number>();
  return async function paced(url, init) {
    if (minGapMs <= 0) return inner(url, init);
    const host = new URL(url).host;
    const now = Date.now();
    const slot = Math.max(now, nextSlot.get(host) ?? 0);
    nextSlot.set(host, slot + minGapMs);
    if (nextSlot.size > 1000) {
      for (const [h, t] of nextSlot) if (t < now) nextSlot.delete(h);
    }
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    return inner(url, init);
  };
}
