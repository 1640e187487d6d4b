import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { postJob } from '../jobs/test-events';
import { signUp, type Agent } from './testing';

let h: TestHarness;
let admin: { agent: Agent };

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

beforeAll(async () => {
  h = await createTestHarness();
  admin = await signUp(h, 'admin');
  // All three reach the board now; only one was posted in the last day, two in the last week.
  await postJob(h.services.store, { title: 'Fresh', datePosted: daysAgo(0.25) });
  await postJob(h.services.store, { title: 'This week', datePosted: daysAgo(3) });
  await postJob(h.services.store, { title: 'Imported old posting', datePosted: daysAgo(70) });
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('GET /api/admin/dashboard', () => {
  it("counts 'posted in the last 24 hours / 7 days' by the job's datePosted, not by when it was ingested", async () => {
    const res = await admin.agent.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.jobs).toMatchObject({ live: 3, postedLast24h: 1, postedLast7d: 2 });
  });
});
