import type { JobSearchQuery, JobSearchResult, SearchIndex, SearchRebuildWrite } from '@jobs/contracts';

export interface ResultCacheOptions {
  /** How long an answer may be reused when no write went through this process (default 5 s). */
  ttlMs?: number;
  /** Most cached answers per kind (default 1,000; the oldest goes first). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/**
 * A search index that reuses recent answers: the public feed asks the same few questions over and over (the
 * unfiltered first page, popular filters, suggestion prefixes). Identical concurrent queries share one
 * promise. Any write through this wrapper (the index projection in this process) drops every answer at once,
 * so a job ingested here is searchable as soon as its projection batch lands; writes by another process are
 * seen within `ttlMs` (the feed's HTTP answers are cacheable for 30 s anyway). Failures are never cached.
 */
export interface CachedSearchIndex extends SearchIndex {
  /** Moves on every write through this index: callers may cache what they derive from answers under it. */
  generation(): number;
  /** Drops every answer: the index changed by another way than a write through this wrapper. */
  invalidate(): void;
}

/** The write generation of a cached index, or null for an index without one (nothing may be cached). */
export function searchGeneration(index: SearchIndex): number | null {
  const g = (index as Partial<CachedSearchIndex>).generation;
  return typeof g === 'function' ? g.call(index) : null;
}

export function withResultCache(index: SearchIndex, options: ResultCacheOptions = {}): CachedSearchIndex {
  const ttl = options.ttlMs ?? 5000;
  const max = options.maxEntries ?? 1000;
  const now = options.now ?? (() => performance.now());
  const searches = new Map<string, Entry<JobSearchResult>>();
  const suggestions = new Map<string, Entry<string[]>>();

  function cached<T>(map: Map<string, Entry<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    const t = now();
    if (hit && t - hit.at < ttl) return hit.value;
    if (hit) map.delete(key);
    const value = load();
    map.set(key, { at: t, value });
    if (map.size > max) map.delete(map.keys().next().value!);
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key);
    });
    return value;
  }

  // Totals by conditions (the query without page, page size and sort), for the next pages of the same conditions.
  const totals = new Map<string, { at: number; total: number }>();
  const conditionsKey = ({
    page: _p,
    pageSize: _s,
    sortBy: _b,
    sortOrder: _o,
    ...conditions
  }: JobSearchQuery) => JSON.stringify(conditions);

  let generation = 0;
  function invalidate() {
    generation += 1;
    searches.clear();
    suggestions.clear();
    totals.clear();
  }

  async function search(q: JobSearchQuery): Promise<JobSearchResult> {
    const key = conditionsKey(q);
    const seen = totals.get(key);
    const fresh = seen && now() - seen.at < ttl ? seen : undefined;
    const asked = generation;
    const result = await index.search(q, fresh ? { knownTotal: fresh.total } : undefined);
    if (!fresh && generation === asked) {
      totals.delete(key);
      totals.set(key, { at: now(), total: result.total });
      if (totals.size > max) totals.delete(totals.keys().next().value!);
    }
    return result;
  }

  return {
    kind: index.kind,
    generation: () => generation,
    invalidate,
    ensureReady: () => index.ensureReady(),
    ping: () => index.ping(),
    async upsert(docs) {
      try {
        await index.upsert(docs);
      } finally {
        invalidate();
      }
    },
    async remove(ids) {
      try {
        await index.remove(ids);
      } finally {
        invalidate();
      }
    },
    async clear() {
      try {
        await index.clear();
      } finally {
        invalidate();
      }
    },
    async bulkLoad(phase: 'begin' | 'end') {
      await index.bulkLoad?.(phase);
    },
    ...(index.rebuildWrite && {
      async rebuildWrite(write: SearchRebuildWrite) {
        try {
          await index.rebuildWrite!(write);
        } finally {
          invalidate();
        }
      },
    }),
    search(q: JobSearchQuery) {
      // Hints come from this wrapper only: a caller's own hints would bypass its invalidation.
      return cached(searches, JSON.stringify(q), () => search(q));
    },
    suggest(prefix: string, limit?: number) {
      return cached(suggestions, `${limit ?? ''}|${prefix.toLowerCase()}`, () =>
        index.suggest(prefix, limit),
      );
    },
  };
}
