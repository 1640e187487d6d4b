import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_JOB_FIELDS, toCardJob, type PublicCardJob } from '@jobs/contracts';
import { createTestHarness, type TestHarness } from '../../../testing/harness';
import { jobPageRenderer, type JobPageState } from '../../site-seo/job';
import { findJob, similarJobs, type ApiJob } from '../queries';
import { postJob, removeJob, updateJob, type PostedJob } from '../test-events';
import { similarJobsProjection } from './projection';
import { storedSimilarJobs } from './stored';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

let h: TestHarness;
const jobs: Record<string, PostedJob> = {};

/** The job page's state as the server renders it (site-seo/job.ts), for `slug`. */
async function pageSimilar(slug: string): Promise<PublicCardJob[]> {
  const render = jobPageRenderer({ pool: h.testDb.pool, publicUrl: 'http://localhost:3000' });
  const page = await render({ path: `/jobs/${slug}` } as Koa.Context);
  const state = (page?.state as { jobPage: JobPageState } | undefined)?.jobPage;
  if (state?.status !== 200) throw new Error(`job page ${slug}: ${state?.status}`);
  return state.similar;
}

async function liveSimilar(posted: PostedJob): Promise<ApiJob[]> {
  const found = await findJob(h.testDb.pool, posted.slug);
  if (!found) throw new Error(`no job ${posted.slug}`);
  return similarJobs(h.testDb.pool, {
    jobId: found.jobId,
    title: found.job.title,
    skills: found.job.skills,
  });
}

async function storedIds(posted: PostedJob): Promise<string[] | null> {
  const { rows } = await h.testDb.pool.query<{ similar_ids: string[] }>(
    'select similar_ids from similar_jobs where job_id = $1',
    [posted.jobId],
  );
  return rows[0]?.similar_ids ?? null;
}

const ids = (list: readonly { id: number }[]) => list.map((j) => j.id);

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
    ['p7', 'Cloud Platform Engineer', ['Terraform']],
    ['p8', 'Platform Engineer (Data)', ['Go', 'Spark']],
    ['other', 'Pastry Chef', ['Baking']],
  ] as const;
  let i = 0;
  for (const [key, title, skills] of titles)
    jobs[key] = await postJob(store, {
      title,
      company: `Company ${key}`,
      skills: [...skills],
      datePosted: ago(++i * HOUR),
    });
  await h.settle();
});

afterAll(async () => {
  await h?.close();
});

describe('the job page similar jobs, stored per job', () => {
  it('are the same jobs, in the same order, as the live query, and are stored at the first view', async () => {
    const live = await liveSimilar(jobs.anchor!);
    expect(live).toHaveLength(6);
    expect(ids(live)).not.toContain(jobs.other!.publicId);
    expect(await storedIds(jobs.anchor!)).toBeNull();
    const first = await pageSimilar(jobs.anchor!.slug);
    expect(ids(first)).toEqual(ids(live));
    // Stored (a few more than shown), and the next view answers the same from the stored list.
    expect((await storedIds(jobs.anchor!))?.length).toBeGreaterThanOrEqual(6);
    expect(ids(await pageSimilar(jobs.anchor!.slug))).toEqual(ids(live));
    // The page carries what the cards show (the API's fields=card shape), not whole jobs: their excerpts, no
    // descriptions, skills or company profiles.
    const cards = live.map(toCardJob);
    expect(first).toEqual(cards);
    for (const j of first) {
      expect(Object.keys(j).sort()).toEqual([...CARD_JOB_FIELDS, 'excerpt'].sort());
      expect(j.excerpt.length).toBeGreaterThanOrEqual(20);
    }
  });

  it('drop a removed job at once, and the public API answer is the live query whole', async () => {
    await pageSimilar(jobs.anchor!.slug);
    const before = await liveSimilar(jobs.anchor!);
    const gone = before[0]!;
    const goneJob = Object.values(jobs).find((j) => j.publicId === gone.id)!;
    // It is in the anchor's stored list, which is not recomputed by the removal.
    expect(await storedIds(jobs.anchor!)).toContain(goneJob.jobId);
    await removeJob(h.services.store, goneJob, 'filled', new Date().toISOString());
    await h.settle();
    expect(await storedIds(jobs.anchor!)).toContain(goneJob.jobId);

    const after = await pageSimilar(jobs.anchor!.slug);
    expect(ids(after)).not.toContain(gone.id);
    expect(ids(after)).toEqual(ids(await liveSimilar(jobs.anchor!)));

    const api = await h.http.get(`/api/jobs/${jobs.anchor!.slug}/similar`);
    expect(api.status).toBe(200);
    expect(api.body).toEqual(JSON.parse(JSON.stringify(await liveSimilar(jobs.anchor!))));
    expect(ids(api.body as ApiJob[])).not.toContain(gone.id);
    // The full Job with its excerpt, not the page's trimmed cards.
    for (const j of api.body as ApiJob[]) {
      expect(j.excerpt).toEqual(expect.any(String));
      expect(j.description.length).toBeGreaterThan(j.excerpt.length);
    }
    // fields=card: the same jobs as the page carries them (what the site's job page asks once hydrated).
    const cards = await h.http.get(`/api/jobs/${jobs.anchor!.slug}/similar?fields=card`);
    expect(cards.status).toBe(200);
    expect(cards.body).toEqual(after);
    expect(cards.body).toEqual(JSON.parse(JSON.stringify(api.body as ApiJob[])).map(toCardJob));
    expect((await h.http.get(`/api/jobs/${jobs.anchor!.slug}/similar?fields=all`)).status).toBe(400);
  });

  it("drop a job's stored list when the job changes, and answer for its new title", async () => {
    await pageSimilar(jobs.p6!.slug);
    expect(await storedIds(jobs.p6!)).not.toBeNull();
    await updateJob(h.services.store, jobs.p6!, {
      title: 'Pastry Cook',
      company: 'Company p6',
      skills: ['Baking'],
      datePosted: ago(7 * HOUR),
    });
    await h.settle();
    expect(await storedIds(jobs.p6!)).toBeNull();
    const after = await pageSimilar(jobs.p6!.slug);
    expect(ids(after)[0]).toBe(jobs.other!.publicId);
    expect(ids(after)).toEqual(ids(await liveSimilar(jobs.p6!)));
  });

  it('recompute when a stored list is for an older revision of the job', async () => {
    const found = (await findJob(h.testDb.pool, jobs.p1!.slug))!;
    const job = { jobId: found.jobId, title: found.job.title, skills: found.job.skills };
    // A list written for an earlier revision (a view racing an update) is not used.
    await h.testDb.pool.query(
      `insert into similar_jobs (job_id, revision, similar_ids) values ($1, $2, array[$3]::uuid[])
       on conflict (job_id) do update set revision = excluded.revision, similar_ids = excluded.similar_ids`,
      [found.jobId, found.revision - 1, jobs.other!.jobId],
    );
    const answer = await storedSimilarJobs(h.testDb.pool, { ...job, revision: found.revision });
    expect(ids(answer)).toEqual(ids(await similarJobs(h.testDb.pool, job)));
    expect(ids(answer)).not.toContain(jobs.other!.publicId);
  });
  it('find titles in the distinct-title catalogue (each once, kept by the projection, filled for an older board), then the newest jobs of the nearest', async () => {
    const catalogue = async () =>
      (
        await h.testDb.pool.query<{ title: string }>('select title from similar_titles order by title')
      ).rows.map((r) => r.title);
    const hours = [5, 2, 8, 1, 7, 3, 6, 4];
    const optics: PostedJob[] = [];
    for (const hour of hours)
      optics.push(
        await postJob(h.services.store, {
          title: 'Telescope Optics Engineer',
          company: `Optics ${hour}`,
          skills: ['Optics'],
          datePosted: ago(hour * HOUR + 30 * 60_000),
        }),
      );
    const anchor = await postJob(h.services.store, {
      title: 'TELESCOPE optics engineer',
      company: 'Optics anchor',
      skills: ['Lenses'],
      datePosted: ago(20 * HOUR),
    });
    await h.settle();
    const titles = await catalogue();
    expect(titles.filter((t) => t === 'telescope optics engineer')).toHaveLength(1);
    expect(titles).toEqual(
      expect.arrayContaining(['senior platform engineer', 'pastry chef', 'pastry cook']),
    );
    // Same title, no shared skill: the six newest jobs of that title, newest first.
    const newest = [...hours]
      .map((hour, i) => ({ hour, job: optics[i]! }))
      .sort((a, b) => a.hour - b.hour)
      .slice(0, 6)
      .map((x) => x.job.publicId);
    expect(ids(await liveSimilar(anchor))).toEqual(newest);

    // A board whose jobs were there before the catalogue: the projection's migrations fill it from the jobs.
    await h.testDb.pool.query('delete from similar_titles');
    for (const sql of similarJobsProjection().migrations ?? []) await h.testDb.pool.query(sql);
    const fromJobs = await h.testDb.pool.query<{ title: string }>(
      'select distinct lower(title) as title from jobs order by 1',
    );
    expect(fromJobs.rows.length).toBeGreaterThan(5);
    expect(await catalogue()).toEqual(fromJobs.rows.map((r) => r.title));
    expect(ids(await liveSimilar(anchor))).toEqual(newest);
  });
});
