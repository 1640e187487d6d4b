import { describe, expect, it } from 'vitest';
import type { JobSearchQuery, SearchHints, SearchIndex } from '@jobs/contracts';
import { withResultCache } from './cached';

function fakeIndex() {
  const calls = { search: 0, suggest: 0, hints: [] as (SearchHints | undefined)[] };
  let fail = false;
  let total = 1;
  const index: SearchIndex = {
    kind: 'postgres',
    ensureReady: async () => undefined,
    ping: async () => undefined,
    upsert: async () => {
      total += 1;
    },
    remove: async () => undefined,
    clear: async () => undefined,
    search: async (_q, hints) => {
      calls.search += 1;
      calls.hints.push(hints);
      if (fail) throw new Error('down');
      return { ids: [], total };
    },
    suggest: async () => {
      calls.suggest += 1;
      return ['Engineer'];
    },
  };
  return { index, calls, setFail: (v: boolean) => (fail = v) };
}

const q: JobSearchQuery = { sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 20 };

describe('search result cache', () => {
  it('answers repeated and concurrent identical queries with one index call', async () => {
    const { index, calls } = fakeIndex();
    const cached = withResultCache(index);
    await Promise.all([cached.search(q), cached.search(q), cached.search({ ...q })]);
    await cached.search(q);
    expect(calls.search).toBe(1);
    await cached.search({ ...q, page: 2 });
    expect(calls.search).toBe(2);
    await cached.suggest('Eng');
    await cached.suggest('eng');
    expect(calls.suggest).toBe(1);
  });

  it('drops every answer when a write goes through it', async () => {
    const { index, calls } = fakeIndex();
    const cached = withResultCache(index);
    expect((await cached.search(q)).total).toBe(1);
    await cached.upsert([]);
    expect((await cached.search(q)).total).toBe(2);
    expect(calls.search).toBe(2);
  });

  it('expires answers after the TTL (writes by other processes)', async () => {
    const { index, calls } = fakeIndex();
    let t = 0;
    const cached = withResultCache(index, { ttlMs: 1000, now: () => t });
    await cached.search(q);
    t = 999;
    await cached.search(q);
    expect(calls.search).toBe(1);
    t = 1000;
    await cached.search(q);
    expect(calls.search).toBe(2);
  });

  it('never caches a failure', async () => {
    const { index, calls, setFail } = fakeIndex();
    const cached = withResultCache(index);
    setFail(true);
    await expect(cached.search(q)).rejects.toThrow('down');
    setFail(false);
    await expect(cached.search(q)).resolves.toMatchObject({ total: 1 });
    expect(calls.search).toBe(2);
  });

  it('tells the index the total it counted for the same conditions, so the next pages skip the count', async () => {
    const { index, calls } = fakeIndex();
    const cached = withResultCache(index);
    await cached.search({ ...q, isRemote: true });
    await cached.search({ ...q, isRemote: true, page: 2 });
    await cached.search({ ...q, isRemote: true, page: 3, sortBy: 'title', sortOrder: 'asc' });
    await cached.search({ ...q, isRemote: false, page: 2 });
    expect(calls.hints).toEqual([undefined, { knownTotal: 1 }, { knownTotal: 1 }, undefined]);
    // A write changes the totals: the next page counts again.
    await cached.upsert([]);
    await cached.search({ ...q, isRemote: true, page: 4 });
    expect(calls.hints.at(-1)).toBeUndefined();
  });
});
