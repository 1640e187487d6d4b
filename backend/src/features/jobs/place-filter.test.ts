import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';

/** The filter menu's places and the footer's countries find their jobs whatever spelling the location uses. */
let h: TestHarness;

const job = (externalId: string, title: string, location: string) => ({
  action: 'posted',
  externalId,
  title,
  company: 'Place Co',
  location,
  descriptionHtml: '<p>Work with us.</p>',
  applicationUrl: `https://place.example/apply/${externalId}`,
});

beforeAll(async () => {
  h = await createTestHarness();
  const created = await createIngestionSource(h.services.store, { name: 'Place test' });
  await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  const res = await h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${created.token}`)
    .send({
      items: [
        job('sf', 'SF Engineer', 'San Francisco, CA'),
        job('remote-us', 'Remote US Engineer', 'Remote - US'),
        job('usa', 'USA Engineer', 'United States'),
        job('us-ca', 'North Engineer', 'Remote (US or Canada)'),
        job('uk', 'UK Engineer', 'UK'),
        job('gb', 'GB Engineer', 'London, GB'),
        job('united-kingdom', 'Kingdom Engineer', 'Manchester, United Kingdom'),
        job('au', 'Aussie Engineer', 'Melbourne, Australia'),
        job('berlin', 'Berlin Engineer', 'Berlin, Germany'),
      ],
    });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const head = await h.services.store.headPosition();
  expect(await h.services.runner.waitForPosition(head, 10_000)).toBe(true);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const titles = async (location: string) => {
  const res = await h.http.get('/api/jobs').query({ location });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.totalJobs).toBe(res.body.data.length);
  return (res.body.data as { title: string }[]).map((j) => j.title).sort();
};

const US = ['North Engineer', 'Remote US Engineer', 'SF Engineer', 'USA Engineer'];
const UK = ['GB Engineer', 'Kingdom Engineer', 'UK Engineer'];

describe('GET /api/jobs?location=<a country>', () => {
  it('United States (the menu and footer value), US and USA find every US job, and no Australian one', async () => {
    expect(await titles('United States')).toEqual(US);
    expect(await titles('US')).toEqual(US);
    expect(await titles('usa')).toEqual(US);
  });

  it('United Kingdom, UK and GB find every UK job', async () => {
    expect(await titles('United Kingdom')).toEqual(UK);
    expect(await titles('UK')).toEqual(UK);
    expect(await titles('GB')).toEqual(UK);
  });

  it('Canada finds the job that names it among others; a city still matches its text', async () => {
    expect(await titles('Canada')).toEqual(['North Engineer']);
    expect(await titles('Berlin')).toEqual(['Berlin Engineer']);
    expect(await titles('Germany')).toEqual(['Berlin Engineer']);
  });

  it('every place the filter menu offers finds at least one job', async () => {
    const options = await h.http.get('/api/filter-options');
    const places = Object.values(options.body.locationsByContinent as Record<string, string[]>).flat();
    expect(places).toContain('United States');
    for (const place of places) expect((await titles(place)).length, place).toBeGreaterThan(0);
  });
});
