import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { StreamNotFoundError } from '@jobs/contracts/eventstore';
import { companySlug } from '@jobs/projections/jobs/index';
import { companies } from './companies';
import { generateJobs } from './generate';
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
    const seeded = new Set(generateJobs({ count: 240, now }).map((job) => job.company));
    const hiring = companies().find((c) => seeded.has(c.name))!;
    const profile = await h.services.store.readStream(`company-${companySlug(hiring.name)}`);
    expect(profile).toHaveLength(1);
    expect(profile[0]!.data).toMatchObject({
      founded: hiring.founded,
      industry: hiring.industry,
      logo: null,
    });
    // Only the companies with jobs get a profile: a first start with a few jobs writes a few profiles.
    const idle = companies().find((c) => !seeded.has(c.name))!;
    await expect(h.services.store.readStream(`company-${companySlug(idle.name)}`)).rejects.toBeInstanceOf(
      StreamNotFoundError,
    );

    const head = await h.services.store.headPosition();
    const second = await seedDemoData(h.services, { jobs: 240, batchSize: 100, now });
    expect(second.counts).toMatchObject({ created: 0, unchanged: 240 });
    expect(await h.services.store.headPosition()).toEqual(head);
  }, 120_000);
});
