/**
 * Issue 24 (8): the admin's search terms are what people settled on, not every prefix the feed fetched while
 * they typed. Through the real app: the feed counts nothing; a reported search counts once per visitor and
 * day, with the number of results the server finds itself; bad and foreign reports are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { postJob } from '../jobs/test-events';
import { SEARCH_REPORT_LIMIT } from './search-report';
import { flushSearchLog } from './search-log';
import { agentOf, signUp, type Agent } from './testing';

let h: TestHarness;
let admin: Agent;

interface Terms {
  topSearches: { term: string; searches: number; zeroResultSearches: number }[];
  zeroResultSearches: { term: string; searches: number }[];
}

async function terms(): Promise<Terms> {
  await flushSearchLog(h.services.appDeps.pool);
  const res = await admin.get('/api/admin/analytics').query({ period: '7d' });
  expect(res.status).toBe(200);
  return res.body as Terms;
}

beforeAll(async () => {
  h = await createTestHarness();
  admin = (await signUp(h, 'admin')).agent;
  await postJob(h.services.store, { title: 'Senior Java Engineer', company: 'Beans Ltd' });
  await postJob(h.services.store, { title: 'Java Developer', company: 'Kettle' });
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('POST /api/searches and the admin search terms', () => {
  it('the feed fetched at every keystroke counts nothing', async () => {
    const visitor = agentOf(h);
    for (const typed of ['j', 'ja', 'jav', 'java', 'javas', 'java'])
      expect((await visitor.get('/api/jobs').query({ title: typed })).status).toBe(200);
    const { topSearches, zeroResultSearches } = await terms();
    const counted = [...topSearches, ...zeroResultSearches].map((t) => t.term);
    for (const prefix of ['j', 'ja', 'jav', 'java', 'javas']) expect(counted).not.toContain(prefix);
  });

  it('a settled search counts once per visitor and day, with the results the server found', async () => {
    const amy = agentOf(h);
    const bob = agentOf(h);
    for (const agent of [amy, amy, bob]) {
      const res = await agent.post('/api/searches').send({ title: '  JAVA ', sortBy: 'datePosted' });
      expect(res.status, JSON.stringify(res.body)).toBe(204);
    }
    // The same term under another filter is the same search for the same visitor.
    expect((await amy.post('/api/searches').send({ title: 'java', isRemote: 'true' })).status).toBe(204);
    const { topSearches } = await terms();
    expect(topSearches).toContainEqual({ term: 'java', searches: 2, zeroResultSearches: 0 });
  });

  it('a term that finds nothing is a zero-result search whatever the report says', async () => {
    const res = await agentOf(h)
      .post('/api/searches')
      .send({ title: 'Cobol Wrangler', resultCount: 12, totalJobs: 12 });
    expect(res.status).toBe(204);
    const { zeroResultSearches } = await terms();
    expect(zeroResultSearches).toContainEqual({ term: 'cobol wrangler', searches: 1 });
  });

  it('refuses a report without a term or with a filter the feed would refuse, naming the field', async () => {
    const noTitle = await agentOf(h).post('/api/searches').send({ location: 'All Europe' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.details).toContainEqual({ path: 'title', message: 'Required' });
    const badFilter = await agentOf(h).post('/api/searches').send({ title: 'go', workFrom: 'Atlantis' });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.error.details[0].path).toBe('workFrom');
  });

  it('refuses reports from another site', async () => {
    const res = await agentOf(h)
      .post('/api/searches')
      .set('Origin', 'https://evil.example')
      .send({ title: 'planted term' });
    expect(res.status).toBe(403);
    const { topSearches } = await terms();
    expect(topSearches.map((t) => t.term)).not.toContain('planted term');
  });

  it('limits one address to SEARCH_REPORT_LIMIT reports a minute', async () => {
    const script = agentOf(h);
    const statuses: number[] = [];
    for (let i = 0; i <= SEARCH_REPORT_LIMIT.limit; i++)
      statuses.push((await script.post('/api/searches').send({ title: `flood ${i}` })).status);
    expect(statuses.slice(0, SEARCH_REPORT_LIMIT.limit).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
