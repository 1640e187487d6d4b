import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { seedDemoData, type SeedProgress } from './seed';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('seedDemoData', () => {
  it('ingests the demo jobs through the ingestion path, with company profiles, and is idempotent', async () => {
    const now = new Date('2025-06-01T12:00:00.000Z');
    const progress: SeedProgress[] = [];
    const first = await seedDemoData(h.services, {
      jobs: 240,
      batchSize: 100,
      now,
      onProgress: (p) => progress.push(p),
    });
    expect(first.counts).toMatchObject({ created: 240, rejected: 0 });
    expect(progress.at(-1)).toMatchObject({ done: 240, total: 240 });
    expect(progress).toHaveLength(3);

    expect(await h.services.runner.waitForPosition(first.position, 20_000)).toBe(true);
    const { rows } = await h.services.db.pool.query<{ n: number }>(
      "select count(*)::int as n from jobs where status = 'live'",
    );
    expect(rows[0]!.n).toBe(240);
    const jobs = await h.http.get('/api/jobs');
    expect(jobs.status).toBe(200);
    expect(jobs.body.totalJobs).toBe(240);

    // Profiles carry what job items cannot (founding year, industry), and the jobs' copies appended nothing more.
    const northwind = await h.services.store.readStream('company-northwind-labs');
    expect(northwind).toHaveLength(1);
    expect(northwind[0]!.data).toMatchObject({ founded: 2015, industry: 'Technology', logo: null });

    const head = await h.services.store.headPosition();
    const second = await seedDemoData(h.services, { jobs: 240, batchSize: 100, now });
    expect(second.counts).toMatchObject({ created: 0, unchanged: 240 });
    expect(await h.services.store.headPosition()).toEqual(head);
  }, 120_000);
});
