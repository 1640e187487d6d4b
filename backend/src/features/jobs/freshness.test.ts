/**
 * Fresh: no job outlives its source (docs/ingestion.md, "Confirmation and expiry"). A bot's job carries
 * when its source last confirmed it; one sent again unchanged is confirmed at most once per
 * CONFIRM_AFTER_HOURS; one no source confirms for EXPIRE_AFTER_DAYS, or past its own validThrough, is
 * removed by the sweep with reason 'Expired' (410). The clock is the ingestion's and the sweep's `now`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';
import { ingestItems } from '../ingestion/service';
import { jobPostingJsonLd } from '../site-seo/json-ld';
import { expireStaleJobs } from './expiry';
import { jobStreamId } from './job';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);

let h: TestHarness;
let sourceId: string;

const item = (externalId: string, extra: Record<string, unknown> = {}) => ({
  action: 'posted',
  externalId,
  title: `Backend Engineer ${externalId}`,
  company: 'Freshco',
  location: 'Remote - Worldwide',
  descriptionHtml: '<p>Build the API.</p>',
  applicationUrl: `https://freshco.example/apply/${externalId}`,
  ...extra,
});

async function settle() {
  expect(await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000)).toBe(true);
}

async function ingest(items: unknown[], now: Date) {
  const result = await ingestItems({ store: h.services.store }, sourceId, items, { now });
  await settle();
  return result;
}

async function eventTypes(jobId: string): Promise<string[]> {
  return (await h.services.store.readStream(jobStreamId(jobId))).map((e) => e.type);
}

async function sweep(now: Date) {
  const result = await expireStaleJobs({ store: h.services.store, pool: h.services.db.pool, now: () => now });
  await settle();
  return result;
}

beforeAll(async () => {
  h = await createTestHarness();
  const created = await createIngestionSource(h.services.store, { name: 'Freshness bot' });
  await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  sourceId = created.sourceId;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('a bot job is confirmed when sent again unchanged', () => {
  let id: number;
  let jobId: string;

  it('shows when and by whom it was last confirmed', async () => {
    const res = await ingest([item('a')], at(0));
    const [first] = res.results;
    expect(first).toMatchObject({ status: 'created' });
    id = (first as { id: number }).id;
    jobId = first!.jobId!;
    const job = await h.http.get(`/api/jobs/${id}`).expect(200);
    expect(job.body).toMatchObject({
      lastConfirmedAt: at(0).toISOString(),
      confirmedBy: { kind: 'source', name: 'Freshness bot' },
      validThrough: null,
    });
    // The feed's cards carry it too.
    const feed = await h.http.get('/api/jobs').expect(200);
    expect(feed.body.data[0]).toMatchObject({ id, lastConfirmedAt: at(0).toISOString() });
  });

  it('appends JobConfirmed at most once per 12 hours, and the page follows it', async () => {
    expect((await ingest([item('a')], at(HOUR))).results[0]!.status).toBe('unchanged');
    expect(await eventTypes(jobId)).toEqual(['JobPosted']);

    expect((await ingest([item('a')], at(13 * HOUR))).results[0]!.status).toBe('unchanged');
    expect(await eventTypes(jobId)).toEqual(['JobPosted', 'JobConfirmed']);
    expect((await h.http.get(`/api/jobs/${id}`)).body.lastConfirmedAt).toBe(at(13 * HOUR).toISOString());

    await ingest([item('a')], at(14 * HOUR));
    expect(await eventTypes(jobId)).toEqual(['JobPosted', 'JobConfirmed']);
    // The admin's history names it.
    const history = await h.services.store.readStream(jobStreamId(jobId));
    expect(history[1]!.data).toEqual({ jobId, confirmedAt: at(13 * HOUR).toISOString() });
  });

  it('expires 30 days after its last confirmation, once, whatever the number of sweepers', async () => {
    expect((await sweep(at(13 * HOUR + 29 * DAY))).expired).toBe(0);
    expect((await h.http.get(`/api/jobs/${id}`)).status).toBe(200);

    const [a, b] = await Promise.all([sweep(at(13 * HOUR + 30 * DAY)), sweep(at(13 * HOUR + 30 * DAY))]);
    expect(a.expired + b.expired).toBe(1);
    const gone = await h.http.get(`/api/jobs/${id}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ reason: 'Expired', removedAt: at(13 * HOUR + 30 * DAY).toISOString() });
    expect((await sweep(at(13 * HOUR + 31 * DAY))).expired).toBe(0);
    expect((await eventTypes(jobId)).filter((t) => t === 'JobRemoved')).toHaveLength(1);
  });

  it('comes back when its source posts it again', async () => {
    const res = await ingest([item('a')], at(40 * DAY));
    expect(res.results[0]!.status).toBe('reposted');
    expect((await h.http.get(`/api/jobs/${id}`)).body.lastConfirmedAt).toBe(at(40 * DAY).toISOString());
    expect((await sweep(at(41 * DAY))).expired).toBe(0);
  });
});

describe("a bot job's own validThrough", () => {
  it('expires it when it has passed, even if confirmed since', async () => {
    const until = at(2 * DAY).toISOString();
    const res = await ingest([item('b', { validThrough: until })], at(50 * DAY - 3 * DAY));
    const id = (res.results[0] as { id: number }).id;
    expect((await h.http.get(`/api/jobs/${id}`)).body.validThrough).toBe(until);
    // Posted with an end already past (a stale feed): the next sweep removes it.
    expect((await sweep(at(50 * DAY - 3 * DAY))).expired).toBe(1);
    expect((await h.http.get(`/api/jobs/${id}`)).body.reason).toBe('Expired');
  });

  it('a date alone means the end of that day', async () => {
    const res = await ingest([item('c', { validThrough: '2026-08-01' })], at(60 * DAY));
    const id = (res.results[0] as { id: number }).id;
    expect((await h.http.get(`/api/jobs/${id}`)).body.validThrough).toBe('2026-08-01T23:59:59.999Z');
    await sweep(new Date('2026-08-01T23:00:00Z'));
    expect((await h.http.get(`/api/jobs/${id}`)).status).toBe(200);
    await sweep(new Date('2026-08-02T00:00:00Z'));
    expect((await h.http.get(`/api/jobs/${id}`)).status).toBe(410);
  });

  it('one that is not a date rejects the item alone', async () => {
    const res = await ingest([item('e', { validThrough: 'next month' }), item('f')], at(70 * DAY));
    expect(res.results[0]).toMatchObject({ status: 'rejected', errors: [{ path: 'validThrough' }] });
    expect(res.results[1]).toMatchObject({ status: 'created' });
  });

  it('a job without one keeps its content hash (no update for every job stored before the field)', async () => {
    const before = await ingest([item('d')], at(70 * DAY));
    const again = await ingest([item('d', { validThrough: null })], at(70 * DAY + HOUR));
    expect(before.results[0]!.status).toBe('created');
    expect(again.results[0]!.status).toBe('unchanged');
  });
});

describe('JSON-LD validThrough', () => {
  const base = {
    id: 1,
    slug: 'backend-engineer-freshco-1',
    title: 'Backend Engineer',
    company: 'Freshco',
    companyLogo: null,
    companyWebsite: null,
    location: 'Remote - Worldwide',
    isRemote: true,
    isHybrid: false,
    country: null,
    eligibility: { worldwide: true, countries: [], regions: [], timezone: null },
    type: 'Full Time',
    industry: 'Software Engineering',
    skills: [],
    description: '<p>Build the API.</p>',
    datePosted: '2026-01-10T00:00:00.000Z',
    salaryRange: null,
  };
  const validThrough = (extra: Record<string, unknown>) =>
    jobPostingJsonLd({ ...base, ...extra }, 'https://jobs.example')!.validThrough;

  it('follows the last confirmation (30 days after it), or the job own end when earlier', () => {
    expect(validThrough({})).toBe('2026-02-09T00:00:00.000Z');
    expect(validThrough({ lastConfirmedAt: '2026-05-01T12:00:00.000Z' })).toBe('2026-05-31T12:00:00.000Z');
    expect(
      validThrough({ lastConfirmedAt: '2026-05-01T12:00:00.000Z', validThrough: '2026-05-10T00:00:00.000Z' }),
    ).toBe('2026-05-10T00:00:00.000Z');
    expect(
      validThrough({ lastConfirmedAt: '2026-05-01T12:00:00.000Z', validThrough: '2027-01-01T00:00:00.000Z' }),
    ).toBe('2026-05-31T12:00:00.000Z');
  });
});

describe('rebuilt from the events', () => {
  it('answers the same confirmations, validThrough and expiries', async () => {
    const { rows } = await h.services.db.pool.query<{ public_id: string }>(
      'select public_id from jobs order by public_id',
    );
    const read = () =>
      Promise.all(
        rows.map((r) => h.http.get(`/api/jobs/${r.public_id}`).then((res) => [res.status, res.body])),
      );
    const before = await read();
    await h.services.runner.rebuild();
    await settle();
    expect(await read()).toEqual(before);
  }, 60_000);
});
