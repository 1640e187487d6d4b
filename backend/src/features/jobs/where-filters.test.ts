import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';

/** "I can work from" and time-zone overlap through the real path: ingestion, projections, search, API, RSS. */
let h: TestHarness;
let token: string;

const job = (externalId: string, title: string, location: string) => ({
  action: 'posted',
  externalId,
  title,
  company: 'Where Co',
  location,
  descriptionHtml: '<p>Work with us.</p>',
  applicationUrl: `https://where.example/apply/${externalId}`,
});

beforeAll(async () => {
  h = await createTestHarness();
  const created = await createIngestionSource(h.services.store, { name: 'Where test' });
  await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  token = created.token;
  const res = await h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${token}`)
    .send({
      items: [
        job('us', 'US Engineer', 'Remote - US'),
        job('emea', 'EMEA Engineer', 'Remote (EMEA)'),
        job('tz', 'Band Engineer', 'Remote, UTC-3 to UTC+3'),
        job('world', 'World Engineer', 'Anywhere'),
        job('unknown', 'Mystery Engineer', 'Remote'),
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

const titles = async (query: Record<string, string>) => {
  const res = await h.http.get('/api/jobs').query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { title: string }[]).map((j) => j.title).sort();
};

describe('where a job may be done from, in the API and feeds', () => {
  it('shows each job’s eligibility', async () => {
    const res = await h.http.get('/api/jobs').query({ title: 'engineer' });
    const byTitle = new Map((res.body.data as { title: string }[]).map((j) => [j.title, j]));
    expect(byTitle.get('US Engineer')).toMatchObject({
      eligibility: { worldwide: false, countries: ['US'], regions: [], timezone: null },
    });
    expect(byTitle.get('Band Engineer')).toMatchObject({ eligibility: { timezone: { min: -3, max: 3 } } });
    expect(byTitle.get('Mystery Engineer')).toMatchObject({ location: 'Remote', eligibility: null });
  });

  it('workFrom: jobs open to the country, worldwide ones included, unknown ones not', async () => {
    expect(await titles({ workFrom: 'Germany' })).toEqual([
      'Band Engineer',
      'Berlin Engineer',
      'EMEA Engineer',
      'World Engineer',
    ]);
    expect(await titles({ workFrom: 'US' })).toEqual(['US Engineer', 'World Engineer']);
    expect(await titles({ workFrom: 'br' })).toEqual(['Band Engineer', 'World Engineer']);
  });

  it('tz ± tzHours: jobs whose hours reach my zone', async () => {
    expect(await titles({ tz: 'UTC-8' })).toEqual(['US Engineer', 'World Engineer']);
    expect(await titles({ tz: 'UTC+5', tzHours: '2' })).toEqual([
      'Band Engineer',
      'EMEA Engineer',
      'World Engineer',
    ]);
    // '+' in a query string reads as a space: 'UTC 5' is still UTC+5.
    expect(await titles({ tz: 'UTC 5', tzHours: '2' })).toEqual([
      'Band Engineer',
      'EMEA Engineer',
      'World Engineer',
    ]);
    expect(await titles({ workFrom: 'DE', tz: '-3' })).toEqual(['Band Engineer', 'World Engineer']);
  });

  it('answers 400 naming the parameter for a value it cannot mean', async () => {
    for (const [query, field] of [
      [{ workFrom: 'Narnia' }, 'workFrom'],
      [{ tz: 'UTC+99' }, 'tz'],
      [{ tz: 'UTC', tzHours: '13' }, 'tzHours'],
      [{ tzHours: '2' }, 'tzHours'],
    ] as const) {
      const res = await h.http.get('/api/jobs').query(query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });

  it('RSS takes the same parameters', async () => {
    const res = await h.http.get('/feed.xml').query({ workFrom: 'US' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('US Engineer');
    expect(res.text).toContain('World Engineer');
    expect(res.text).not.toContain('EMEA Engineer');
    expect((await h.http.get('/feed.xml').query({ tz: 'nope' })).status).toBe(400);
  });

  it('documents the parameters in the OpenAPI document', async () => {
    const res = await h.http.get('/api/openapi.json');
    const text = JSON.stringify(res.body);
    for (const name of ['workFrom', 'tzHours']) expect(text).toContain(`"name":"${name}"`);
  });
});
