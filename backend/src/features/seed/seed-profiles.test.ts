import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@jobs/contracts/eventstore';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { BULK_SEED_MIN_JOBS, seedBulkLoad, seedDemoData } from './seed';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
});

afterAll(async () => {
  await h?.close();
});

/** The store, counting the single-stream appends to company streams; `appendMany: false` hides that method. */
function counting(store: EventStore, options: { appendMany: boolean }) {
  const counts = { companyAppends: 0, appendMany: 0 };
  const proxy = new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'appendMany' && !options.appendMany) return undefined;
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (key === 'append' && String(args[0]).startsWith('company-')) counts.companyAppends++;
        if (key === 'appendMany') counts.appendMany++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: proxy, counts };
}

/** Every company profile event, without what differs from one write to the next (positions, time). */
async function profiles(): Promise<string[]> {
  const { rows } = await h.services.db.pool.query<{ stream_id: string; revision: number; data: unknown }>(
    "select stream_id, revision, event_id, data, metadata - 'at' as metadata from events where type = 'CompanyProfileUpdated' order by stream_id, revision",
  );
  return rows.map((r) => JSON.stringify(r));
}

describe('seed company profiles', () => {
  it('are written a batch at a time in one append, the same events as one command per company', async () => {
    const now = new Date('2025-06-01T12:00:00.000Z');
    const batched = counting(h.services.store, { appendMany: true });
    const first = await seedDemoData({ store: batched.store }, { jobs: 300, batchSize: 100, now });
    expect(first.counts).toMatchObject({ created: 300, rejected: 0 });
    // Three batches: three appends of profiles (and three of jobs), not one per company.
    expect(batched.counts.companyAppends).toBe(0);
    expect(batched.counts.appendMany).toBeLessThanOrEqual(6);
    const written = await profiles();
    expect(written.length).toBeGreaterThan(50);

    // The same seed again, one command per company (a store without appendMany): nothing new to append...
    const head = await h.services.store.headPosition();
    const single = counting(h.services.store, { appendMany: false });
    await seedDemoData({ store: single.store }, { jobs: 300, batchSize: 100, now });
    expect(await h.services.store.headPosition()).toEqual(head);
    // ...and on a fresh set of profiles (the events dropped), the same events as the batched path wrote.
    await h.services.db.pool.query("delete from events where type = 'CompanyProfileUpdated'");
    await seedDemoData({ store: single.store }, { jobs: 300, batchSize: 100, now });
    expect(single.counts.companyAppends).toBe(written.length);
    expect(await profiles()).toEqual(written);

    // A read model built from them has the profiles (founding year, industry: only the company's own event has them).
    expect(await h.services.runner.waitForPosition(await h.services.store.headPosition(), 30_000)).toBe(true);
    const { rows } = await h.services.db.pool.query<{ n: number }>(
      'select count(*)::int as n from companies where founded is not null and has_profile',
    );
    expect(rows[0]!.n).toBe(written.length);
  }, 120_000);

  it('seedBulkLoad: only a large seed on a board without jobs, and only when this process runs the projections', async () => {
    const calls: string[] = [];
    const runner = (ok: boolean) => ({
      bulkLoad: async (phase: 'begin' | 'end') => {
        calls.push(phase);
        return ok;
      },
    });
    const empty = { readAll: async () => [] } as unknown as EventStore;
    expect(await seedBulkLoad({ store: empty, runner: runner(true) }, BULK_SEED_MIN_JOBS - 1)).toBeNull();
    expect(calls).toEqual([]);
    // This board has jobs (the test above).
    expect(
      await seedBulkLoad({ store: h.services.store, runner: runner(true) }, BULK_SEED_MIN_JOBS),
    ).toBeNull();
    expect(calls).toEqual([]);
    expect(await seedBulkLoad({ store: empty, runner: runner(false) }, BULK_SEED_MIN_JOBS)).toBeNull();
    expect(calls).toEqual(['begin']);
    const finish = await seedBulkLoad({ store: empty, runner: runner(true) }, BULK_SEED_MIN_JOBS);
    expect(calls).toEqual(['begin', 'begin']);
    await finish!();
    expect(calls).toEqual(['begin', 'begin', 'end']);
  });
});
