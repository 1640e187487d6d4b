import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContent, JobPosted, RecordedEvent } from '@jobs/contracts';
import { createTestHarness, type TestHarness } from '../../../testing/harness';
import { normaliseJob } from '../normalise';
import { generateJob } from '../../seed/generate';
import { jobIdFor, publicIdFor, slugFor } from '../job';
import { fingerprintOf } from './fingerprint';
import { duplicatesProjection } from './projection';

/**
 * What the duplicate check costs per ingested job with 10k jobs in the read model: the projection's own
 * handler (fingerprint, insert, candidate probe, scoring) on JobPosted events, inside one transaction that
 * is rolled back. Printed for docs/duplicates.md.
 */
let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

function postedEvent(job: JobContent, externalId: string, n: number): RecordedEvent {
  const jobId = jobIdFor('cost-test', externalId);
  const data: JobPosted = {
    jobId,
    publicId: publicIdFor(jobId),
    slug: slugFor(job.title, job.company, jobId),
    source: 'cost-test',
    externalId,
    contentHash: externalId,
    job,
  };
  return {
    id: jobId,
    type: 'JobPosted',
    data,
    metadata: { actor: 'test', at: new Date().toISOString() },
    streamId: `job-${jobId}`,
    revision: 0,
    position: { commit: n, prepare: n },
    recordedAt: new Date().toISOString(),
  };
}

describe('the cost of the duplicate check', () => {
  it('costs a few milliseconds per new job with 10k jobs in the read model', async () => {
    const now = new Date();
    // 1,000 realistic jobs, each posted 10 times under companies of their own: 10k rows whose keys spread like a board's.
    const base = Array.from({ length: 1000 }, (_, i) => normaliseJob(generateJob(i, 11, now), { now }));
    const fresh = Array.from({ length: 300 }, (_, i) =>
      normaliseJob(generateJob(5000 + i, 11, now), { now }),
    );
    const projection = duplicatesProjection({ store: h.services.store });
    const client = await h.services.db.pool.connect();
    try {
      await client.query('begin');
      let n = 0;
      const loadStarted = performance.now();
      // Loaded the way ingestion batches arrive: runs of 500 JobPosted through the set-based path.
      for (let copy = 0; copy < 10; copy++) {
        for (let from = 0; from < base.length; from += 500) {
          const run = base
            .slice(from, from + 500)
            .map((job, i) =>
              postedEvent({ ...job, company: `${job.company} ${copy}` }, `base-${copy}-${from + i}`, ++n),
            );
          await projection.handleBatch!(run, client);
        }
      }
      const loadMs = performance.now() - loadStarted;
      const { rows } = await client.query<{ n: string }>('select count(*) as n from job_fingerprints');
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(10_000);

      const started = performance.now();
      for (const [i, job] of fresh.entries())
        await projection.handle(postedEvent(job, `fresh-${i}`, ++n), client);
      const perJob = (performance.now() - started) / fresh.length;
      const fpStarted = performance.now();
      for (const job of fresh) fingerprintOf(job);
      const fingerprintMs = (performance.now() - fpStarted) / fresh.length;
      console.log(
        `duplicate check: ${perJob.toFixed(2)} ms per new job with ${rows[0]!.n} jobs in the read model, ` +
          `of which ${fingerprintMs.toFixed(2)} ms computing the fingerprint ` +
          `(loading them in runs of 500: ${(loadMs / 10_000).toFixed(2)} ms per job)`,
      );
      // Generous for a shared CI machine; the measured figure goes in the docs.
      expect(perJob).toBeLessThan(25);
    } finally {
      await client.query('rollback');
      client.release();
    }
  }, 300_000);
});
