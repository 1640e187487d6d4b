import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCardJob } from '@jobs/contracts';
import { createTestHarness, type TestHarness } from '../../../testing/harness';
import { jobPageRenderer, type JobPageState } from '../../site-seo/job';
import { findCompany, findJob, findJobWithCompany, similarJobs, type ApiJob } from '../queries';
import { postJob, removeJob, type PostedJob } from '../test-events';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

let h: TestHarness;
const jobs: Record<string, PostedJob> = {};

const ids = (list: readonly { id: number }[]) => list.map((j) => j.id);

async function liveSimilar(posted: PostedJob): Promise<ApiJob[]> {
  const found = (await findJob(h.testDb.pool, posted.slug))!;
  return similarJobs(h.testDb.pool, { jobId: found.jobId, title: found.job.title, skills: found.job.skills });
}

async function pageSimilar(slug: string): Promise<PublicCardJob[]> {
  const render = jobPageRenderer({ pool: h.testDb.pool, publicUrl: 'http://localhost:3000' });
  const page = await render({ path: `/jobs/${slug}` } as Koa.Context);
  const state = (page?.state as { jobPage: JobPageState } | undefined)?.jobPage;
  if (state?.status !== 200) throw new Error(`job page ${slug}: ${state?.status}`);
  return state.similar;
}

async function nearOf(title: string): Promise<string[] | null> {
  const { rows } = await h.testDb.pool.query<{ near: string[] }>(
    'select near from similar_title_near where title = $1',
    [title],
  );
  return rows[0]?.near ?? null;
}

beforeAll(async () => {
  h = await createTestHarness();
  // No two jobs share a skill: every candidate comes from the titles.
  const posted = [
    ['a1', 'Telescope Optics Engineer', 1],
    ['a2', 'Telescope Optics Engineer', 2],
    ['b', 'Telescope Optics Technician', 3],
    ['c', 'Deep Sea Welder', 4],
  ] as const;
  for (const [key, title, hours] of posted)
    jobs[key] = await postJob(h.services.store, {
      title,
      company: key === 'c' ? 'Welders Inc' : 'Optics Co',
      skills: [`Skill ${key}`],
      datePosted: ago(hours * HOUR),
    });
  await h.settle();
});

afterAll(async () => {
  await h?.close();
});

describe("a title's nearest titles, kept per title", () => {
  it('are stored by the first ranking of a job of the title, then read by the next', async () => {
    expect(await nearOf('telescope optics engineer')).toBeNull();
    expect(ids(await liveSimilar(jobs.a1!))).toEqual([jobs.a2!.publicId, jobs.b!.publicId]);
    const near = await nearOf('telescope optics engineer');
    expect(near?.[0]).toBe('telescope optics engineer');
    expect(near).toContain('telescope optics technician');
    expect(near).not.toContain('deep sea welder');

    // The stored row is what the next ranking reads (shown by a row no computation would give).
    await h.testDb.pool.query(
      `update similar_title_near set near = array['deep sea welder'] where title = 'telescope optics engineer'`,
    );
    expect(ids(await liveSimilar(jobs.a2!))).toEqual([jobs.c!.publicId]);

    // An hour old: computed again (titles added since are found), and stored again.
    await h.testDb.pool.query(
      `update similar_title_near set computed_at = now() - interval '61 minutes'
       where title = 'telescope optics engineer'`,
    );
    expect(ids(await liveSimilar(jobs.a2!))).toEqual([jobs.a1!.publicId, jobs.b!.publicId]);
    expect(await nearOf('telescope optics engineer')).toEqual(near);
  });

  it("are not computed when the job page reads the job's stored list", async () => {
    await h.testDb.pool.query('delete from similar_title_near');
    expect(ids(await pageSimilar(jobs.b!.slug))).toEqual([jobs.a1!.publicId, jobs.a2!.publicId]);
    expect(await nearOf('telescope optics technician')).not.toBeNull();
    await h.testDb.pool.query('delete from similar_title_near');
    // The job's list is stored: the same answer, and nothing of the ranking ran (no nearest titles written).
    expect(ids(await pageSimilar(jobs.b!.slug))).toEqual([jobs.a1!.publicId, jobs.a2!.publicId]);
    expect(await nearOf('telescope optics technician')).toBeNull();
  });
});

describe('the job page reads the job and its company in one query', () => {
  it('answers what findJob and findCompany answer, and no company for a removed job', async () => {
    for (const key of ['a1', 'c'] as const) {
      const both = await findJobWithCompany(h.testDb.pool, jobs[key]!.slug);
      const job = await findJob(h.testDb.pool, jobs[key]!.slug);
      const company = await findCompany(h.testDb.pool, job!.job.company);
      expect(company).not.toBeNull();
      expect(both).toEqual({ ...job, company });
      // By public id too.
      expect(await findJobWithCompany(h.testDb.pool, String(jobs[key]!.publicId))).toEqual(both);
    }
    expect(await findJobWithCompany(h.testDb.pool, 'no-such-job')).toBeNull();

    await removeJob(h.services.store, jobs.c!, 'filled', new Date().toISOString());
    await h.settle();
    const removed = await findJobWithCompany(h.testDb.pool, jobs.c!.slug);
    expect(removed?.status).toBe('removed');
    expect(removed?.company).toBeNull();
  });
});
