import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { postJob, type PostedJob } from '../jobs/test-events';
import { jobPageRenderer } from './job';

let h: TestHarness;
let posted: PostedJob;

beforeAll(async () => {
  h = await createTestHarness();
  posted = await postJob(h.services.store, {
    title: 'Senior Platform Engineer',
    company: 'Cache Co',
    // A place JSON-LD can name, so the page has its JobPosting (and its validThrough).
    isRemote: false,
    workplace: 'on-site',
    eligibility: { worldwide: false, countries: ['DE'], regions: [], timezone: null },
    datePosted: new Date(Date.now() - 3_600_000).toISOString(),
  });
  await h.settle();
});

afterAll(async () => {
  await h?.close();
});

const validThrough = (head: string | undefined) => /"validThrough":"([^"]+)"/.exec(head ?? '')?.[1];

describe("the job page's head, kept per content of the job", () => {
  it('is the same text on the next view, and follows a change that is not a new revision', async () => {
    const render = jobPageRenderer({ pool: h.testDb.pool, publicUrl: 'http://localhost:3000' });
    const view = () => render({ path: `/jobs/${posted.slug}` } as Koa.Context);
    const first = await view();
    const second = await view();
    expect(second?.head).toBe(first?.head);
    expect(second?.state).toEqual(first?.state);
    const before = validThrough(first?.head);
    expect(before).toBeDefined();

    // A confirmation by the source moves last_confirmed_at (and so JSON-LD validThrough) without a new
    // revision of the job: a cache keyed by revision alone would keep the old date.
    await h.testDb.pool.query(
      `update jobs set last_confirmed_at = now() + interval '10 days' where job_id = $1`,
      [posted.jobId],
    );
    const after = await view();
    expect(validThrough(after?.head)).not.toBe(before);
    expect(Date.parse(validThrough(after?.head)!)).toBeGreaterThan(Date.parse(before!));
  });
});
