import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../../testing/harness';
import { jobPageRenderer, type JobPageState } from '../../site-seo/job';
import { similarJobIds } from '../queries';
import { postJob, removeJob, updateJob, type PostedJob } from '../test-events';
import { SIMILAR_STORED } from './stored';
import { startSimilarWarmer, WARMER_LOCK, warmSimilarLists } from './warmer';

const HOUR = 3_600_000;
const NOW = Date.now();
/** From one instant, so two jobs can be posted at exactly the same time. */
const ago = (ms: number) => new Date(NOW - ms).toISOString();

let h: TestHarness;
const jobs: Record<string, PostedJob> = {};

interface StoredList {
  job_id: string;
  revision: number;
  similar_ids: string[];
  computed_at: Date;
}

async function lists(): Promise<Map<string, StoredList>> {
  const { rows } = await h.testDb.pool.query<StoredList>(
    'select job_id, revision, similar_ids, computed_at from similar_jobs',
  );
  return new Map(rows.map((r) => [r.job_id, r]));
}

async function liveJobs(): Promise<{ job_id: string; revision: number; title: string; skills: string[] }[]> {
  const { rows } = await h.testDb.pool.query<{
    job_id: string;
    revision: number;
    title: string;
    skills: string[];
  }>(`select job_id, revision, title, skills from jobs where status = 'live'`);
  return rows;
}

beforeAll(async () => {
  h = await createTestHarness();
  const store = h.services.store;
  const titles = [
    ['anchor', 'Senior Platform Engineer', ['Go', 'Kubernetes']],
    ['p1', 'Platform Engineer', ['Go']],
    ['p2', 'Staff Platform Engineer', ['Kubernetes', 'Terraform']],
    ['p3', 'Senior Platform Engineer II', ['Python']],
    ['p4', 'Platform Engineering Lead', ['Go', 'Kubernetes']],
    ['p5', 'Site Reliability Engineer', ['Kubernetes']],
    ['p6', 'Senior Backend Engineer', ['Go']],
    ['gone', 'Cloud Platform Engineer', ['Terraform']],
    ['other', 'Pastry Chef', ['Baking']],
  ] as const;
  let i = 0;
  for (const [key, title, skills] of titles)
    jobs[key] = await postJob(store, {
      title,
      company: `Company ${key}`,
      skills: [...skills],
      // p2 and p3 posted at the same instant, 3rd and 4th newest: a batch of 3 ends between them, and the
      // walk's cursor must not skip or repeat either.
      datePosted: ago((key === 'p3' ? i : ++i) * HOUR),
    });
  await removeJob(store, jobs.gone!, 'filled', new Date().toISOString());
  await updateJob(store, jobs.p6!, {
    title: 'Senior Backend Engineer (Go)',
    company: 'Company p6',
    skills: ['Go'],
    datePosted: ago(7 * HOUR),
  });
  await h.settle();
});

afterAll(async () => {
  await h?.close();
});

describe('the similar jobs warmer', () => {
  it('stores, for every live job, the list a first view would compute, and skips closed jobs', async () => {
    expect((await lists()).size).toBe(0);
    const live = await liveJobs();
    expect(live).toHaveLength(8);
    // A batch of 3: the walk goes over several pages of jobs.
    const done = await warmSimilarLists(h.testDb.pool, { batch: 3, share: 1, pauseMs: 0 });
    expect(done).toEqual({ computed: 8, seen: 8 });
    const stored = await lists();
    expect(stored.size).toBe(8);
    expect(stored.has(jobs.gone!.jobId)).toBe(false);
    for (const job of live) {
      const list = stored.get(job.job_id)!;
      expect(list.revision).toBe(job.revision);
      expect(list.similar_ids).toEqual(
        await similarJobIds(
          h.testDb.pool,
          { jobId: job.job_id, title: job.title, skills: job.skills },
          SIMILAR_STORED,
        ),
      );
    }
  });

  it("is what the job page's first view reads: it computes nothing more", async () => {
    const before = await lists();
    const render = jobPageRenderer({ pool: h.testDb.pool, publicUrl: 'http://localhost:3000' });
    const page = await render({ path: `/jobs/${jobs.anchor!.slug}` } as Koa.Context);
    const state = (page?.state as { jobPage: JobPageState }).jobPage;
    if (state.status !== 200) throw new Error(`job page: ${state.status}`);
    const listed = before.get(jobs.anchor!.jobId)!.similar_ids.slice(0, state.similar.length);
    const { rows } = await h.testDb.pool.query<{ public_id: string }>(
      'select public_id from unnest($1::uuid[]) with ordinality as w(job_id, n) join jobs using (job_id) order by n',
      [listed],
    );
    expect(state.similar.map((j) => j.id)).toEqual(rows.map((r) => Number(r.public_id)));
    // Read, not recomputed.
    expect((await lists()).get(jobs.anchor!.jobId)!.computed_at).toEqual(
      before.get(jobs.anchor!.jobId)!.computed_at,
    );
  });

  it('recomputes only lists that are missing, of an older revision, or about to be too old', async () => {
    const pool = h.testDb.pool;
    expect(await warmSimilarLists(pool, { share: 1, pauseMs: 0 })).toEqual({ computed: 0, seen: 8 });
    await pool.query('delete from similar_jobs where job_id = $1', [jobs.p1!.jobId]);
    await pool.query(`update similar_jobs set revision = revision - 1 where job_id = $1`, [jobs.p6!.jobId]);
    await pool.query(
      `update similar_jobs set computed_at = now() - interval '55 minutes' where job_id = $1`,
      [jobs.p2!.jobId],
    );
    const before = await lists();
    expect(await warmSimilarLists(pool, { share: 1, pauseMs: 0 })).toEqual({ computed: 3, seen: 8 });
    const after = await lists();
    for (const key of ['p1', 'p6', 'p2']) {
      expect(after.get(jobs[key]!.jobId)!.revision).toBe(jobs[key]!.revision);
      expect(after.get(jobs[key]!.jobId)!.computed_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    for (const key of ['anchor', 'p3', 'p4', 'p5', 'other'])
      expect(after.get(jobs[key]!.jobId)!.computed_at).toEqual(before.get(jobs[key]!.jobId)!.computed_at);
  });

  it('runs in the background after its start delay, and stops between two lists', async () => {
    const pool = h.testDb.pool;
    await pool.query('delete from similar_jobs');
    const warmer = startSimilarWarmer(
      { pool },
      { startDelayMs: 0, share: 1, pauseMs: 0, intervalMs: 60_000 },
    );
    const deadline = Date.now() + 10_000;
    while ((await lists()).size < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await lists()).size).toBe(8);
    const started = Date.now();
    await warmer.stop();
    // Waiting for its next pass (a minute away) is not waiting for it to stop.
    expect(Date.now() - started).toBeLessThan(2_000);

    await pool.query('delete from similar_jobs');
    const slow = startSimilarWarmer({ pool }, { startDelayMs: 0, share: 1, pauseMs: 60_000 });
    while ((await lists()).size < 1 && Date.now() < deadline + 10_000)
      await new Promise((r) => setTimeout(r, 20));
    await slow.stop();
    // Stopped in its pause after the first list: the rest is left for the next start.
    expect((await lists()).size).toBe(1);
  });

  it("waits while another server's warmer holds the lock, and warms once it is free", async () => {
    const pool = h.testDb.pool;
    await pool.query('delete from similar_jobs');
    // Another server's pass: a session holding the warmer's lock.
    const other = await pool.connect();
    await other.query('select pg_advisory_lock(hashtext($1))', [WARMER_LOCK]);
    const warmer = startSimilarWarmer({ pool }, { startDelayMs: 0, share: 1, pauseMs: 0, intervalMs: 300 });
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await lists()).size).toBe(0);
      await other.query('select pg_advisory_unlock(hashtext($1))', [WARMER_LOCK]);
      const deadline = Date.now() + 10_000;
      while ((await lists()).size < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect((await lists()).size).toBe(8);
    } finally {
      other.release();
      await warmer.stop();
    }
  });
});
