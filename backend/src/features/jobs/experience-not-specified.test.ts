/**
 * A job whose ATS, title and description state no experience level is 'Not specified' through the
 * real ingestion path, the job API, the filter menu, the feed filter and the RSS feed: never an
 * invented 'Mid-level', and never a filter option of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { ingestItems } from '../ingestion/service';

let h: TestHarness;
const ids: Record<string, number> = {};

const item = (externalId: string, title: string, experienceLevel: string | null) => ({
  action: 'posted',
  externalId,
  title,
  company: 'Ubisoft',
  location: 'Paris, France',
  experienceLevel,
  descriptionHtml: '<p>Plan and run our CRM campaigns.</p>',
  applicationUrl: `https://jobs.example/${externalId}`,
});

beforeAll(async () => {
  h = await createTestHarness();
  const result = await ingestItems({ store: h.services.store }, 'ats-test', [
    // SmartRecruiters' internship: experienceLevel 'Not Applicable', a title without a level.
    item('744000151872065', 'CRM Webmarketing Assistant', 'Not Applicable'),
    item('2', 'Senior CRM Manager', null),
  ]);
  expect(result.counts.created).toBe(2);
  await h.services.runner.waitForPosition(result.position!, 10_000);
  for (const r of result.results) if (r.status === 'created') ids[r.externalId!] = r.id!;
});
afterAll(() => h?.close());

describe("experience level 'Not specified'", () => {
  it('is what the job says when nothing states a level', async () => {
    const res = await h.http.get(`/api/jobs/${ids['744000151872065']}`);
    expect(res.status).toBe(200);
    expect(res.body.experienceLevel).toBe('Not specified');
    expect((await h.http.get(`/api/jobs/${ids['2']}`)).body.experienceLevel).toBe('Senior');
  });

  it('is no option of the filter menu, and a level filter leaves such jobs out', async () => {
    const options = await h.http.get('/api/filter-options');
    expect(options.body.experienceLevels).toEqual(['Senior']);
    const senior = await h.http.get('/api/jobs').query({ experienceLevel: 'Senior' });
    expect(senior.body.data.map((j: { title: string }) => j.title)).toEqual(['Senior CRM Manager']);
    const midLevel = await h.http.get('/api/jobs').query({ experienceLevel: 'Mid-level' });
    expect(midLevel.body.totalJobs).toBe(0);
  });

  it("is no fact in the feed's summary line", async () => {
    const rss = await h.http.get('/feed.xml');
    expect(rss.status).toBe(200);
    const item = rss.text.split('<item>').find((chunk) => chunk.includes('CRM Webmarketing Assistant'))!;
    expect(item).toBeDefined();
    expect(item).not.toMatch(/<description>[^<]*Not specified/);
    expect(item).not.toContain('#experienceLevel">Not specified');
  });
});
