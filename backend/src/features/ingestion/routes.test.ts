import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createApp } from '../../http/app';
import { createIngestionSource } from '../sources/service';
import { INGEST_RATE_LIMIT } from './routes';

let h: TestHarness;
let token: string;
let sourceId: string;

async function newSource(name: string): Promise<{ token: string; sourceId: string }> {
  const created = await createIngestionSource(h.services.store, { name });
  await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  return created;
}

function item(externalId: string, overrides: Record<string, unknown> = {}) {
  return {
    action: 'posted',
    externalId,
    title: 'Senior Backend Engineer',
    company: 'Ingest Test Co',
    companyDescription: 'Ingest Test Co builds test fixtures.',
    companyWebsite: 'https://ingest-test.example',
    companySize: '11-50',
    location: 'Remote - EMEA',
    employmentType: 'Full-time',
    descriptionHtml: '<h2>About us</h2><p>We build things.</p><ul><li>TypeScript</li></ul>',
    applicationUrl: `https://ingest-test.example/apply/${externalId}`,
    ...overrides,
  };
}

const post = (items: unknown[], bearer = token) =>
  h.http.post('/api/ingest/jobs').set('Authorization', `Bearer ${bearer}`).send({ items });

beforeAll(async () => {
  h = await createTestHarness();
  ({ token, sourceId } = await newSource('Routes test'));
});

afterAll(async () => {
  await h?.close();
});

describe('POST /api/ingest/jobs', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    const none = await h.http.post('/api/ingest/jobs').send({ items: [] });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED');
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await post([], 'jb_not-a-real-token');
    expect(wrong.status).toBe(401);
  });

  it('is exempt from the same-origin check (bots send no Origin or a foreign one)', async () => {
    const res = await h.http
      .post('/api/ingest/jobs')
      .set('Origin', 'https://elsewhere.example')
      .set('Authorization', `Bearer ${token}`)
      .send({ items: [] });
    expect(res.status).toBe(200);
    expect(res.body.counts.created).toBe(0);
  });

  it('answers 413 over 1,000 items, 415 for a non-JSON body and 400 for malformed JSON or no items', async () => {
    const many = await post(
      Array.from({ length: 1001 }, (_, i) => ({ action: 'closed', externalId: `x${i}` })),
    );
    expect(many.status).toBe(413);
    expect(many.body.error.code).toBe('PAYLOAD_TOO_LARGE');

    const text = await h.http
      .post('/api/ingest/jobs')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'text/plain')
      .send('items');
    expect(text.status).toBe(415);

    const broken = await h.http
      .post('/api/ingest/jobs')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send('{"items": [');
    expect(broken.status).toBe(400);

    const noItems = await h.http
      .post('/api/ingest/jobs')
      .set('Authorization', `Bearer ${token}`)
      .send({ jobs: [] });
    expect(noItems.status).toBe(400);
    expect(noItems.body.error.code).toBe('VALIDATION');
  });

  it('accepts a body larger than the default JSON limit', async () => {
    const big = '<p>' + 'x'.repeat(150_000) + '</p>';
    const res = await post([item('big-1', { descriptionHtml: big })]);
    expect(res.status).toBe(200);
    expect(res.body.results[0].status).toBe('created');
  });

  it('answers every outcome in one batch, in input order, with counts', async () => {
    const setup = await post([item('o-update'), item('o-same'), item('o-close'), item('o-repost')]);
    expect(setup.body.counts.created).toBe(4);
    await post([{ action: 'closed', externalId: 'o-repost', reason: 'Filled' }]);

    const res = await post([
      item('o-new'),
      item('o-update', { title: 'Staff Backend Engineer' }),
      item('o-same'),
      { action: 'closed', externalId: 'o-close' },
      item('o-repost'),
      { action: 'posted', externalId: 'o-bad', title: '' },
      { action: 'closed', externalId: 'o-never-seen' },
    ]);
    expect(res.status).toBe(200);
    expect(
      res.body.results.map((r: { externalId: string; status: string }) => [r.externalId, r.status]),
    ).toEqual([
      ['o-new', 'created'],
      ['o-update', 'updated'],
      ['o-same', 'unchanged'],
      ['o-close', 'removed'],
      ['o-repost', 'reposted'],
      ['o-bad', 'rejected'],
      ['o-never-seen', 'rejected'],
    ]);
    expect(res.body.counts).toEqual({
      created: 1,
      merged: 0,
      updated: 1,
      unchanged: 1,
      removed: 1,
      reposted: 1,
      rejected: 2,
    });
    const bad = res.body.results[5];
    expect(bad.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['title', 'descriptionHtml', 'applicationUrl']),
    );
    expect(res.body.results[6].errors[0].message).toBe('Unknown job');
    const created = res.body.results[0];
    expect(created.id).toEqual(expect.any(Number));
    expect(created.slug).toEqual(expect.any(String));
    expect(res.body.position).not.toBeNull();

    // Closing a job that is already removed changes nothing.
    const again = await post([{ action: 'closed', externalId: 'o-close' }]);
    expect(again.body.results[0].status).toBe('unchanged');

    // Read-your-writes: the answer came after the read models passed the batch.
    const job = await h.http.get(`/api/jobs/${created.id}`);
    expect(job.status).toBe(200);
    expect(job.body.title).toBe('Senior Backend Engineer');
    const closed = await h.http.get(`/api/jobs/${res.body.results[3].id}`);
    expect(closed.status).toBe(410);
  });

  it('is idempotent: the same batch twice is all unchanged and appends nothing', async () => {
    const batch = Array.from({ length: 25 }, (_, i) => item(`idem-${i}`, { title: `Engineer ${i}` }));
    const first = await post(batch);
    expect(first.body.counts.created).toBe(25);
    const head = await h.services.store.headPosition();
    const second = await post(batch);
    expect(second.body.counts).toEqual({
      created: 0,
      merged: 0,
      updated: 0,
      unchanged: 25,
      removed: 0,
      reposted: 0,
      rejected: 0,
    });
    expect(second.body.results.map((r: { id: number }) => r.id)).toEqual(
      first.body.results.map((r: { id: number }) => r.id),
    );
    expect(await h.services.store.headPosition()).toEqual(head);
  });

  it('handles the same job twice in one batch in order', async () => {
    const res = await post([item('twice'), item('twice', { title: 'Principal Engineer' })]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'updated']);
  });

  it('stores descriptions without scripts or event handlers', async () => {
    const res = await post([
      item('xss', {
        descriptionHtml:
          '<p>Hello</p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><p onclick="alert(4)">y</p>',
        title: '<script>alert(5)</script>Engineer',
      }),
    ]);
    expect(res.body.results[0].status).toBe('created');
    const events = await h.services.store.readStream(`job-${res.body.results[0].jobId}`);
    const stored = JSON.stringify(events[0]!.data);
    expect(stored).not.toMatch(/<script|onerror|onclick|javascript:/i);
    const job = await h.http.get(`/api/jobs/${res.body.results[0].id}`);
    expect(job.body.description).toContain('Hello');
    expect(job.body.description).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(job.body.title).not.toContain('<script');
  });

  it('updates the company profile only when it changes', async () => {
    const before = await h.services.store.readStream('company-ingest-test-co').catch(() => []);
    await post([item('co-1'), item('co-2')]);
    const after = await h.services.store.readStream('company-ingest-test-co');
    expect(after.length).toBe(Math.max(before.length, 1));
    await post([item('co-3', { companySize: '51-200' })]);
    const changed = await h.services.store.readStream('company-ingest-test-co');
    expect(changed.length).toBe(after.length + 1);
  });

  it('records the source as the actor and counts its activity', async () => {
    const res = await post([item('actor-1')]);
    const events = await h.services.store.readStream(`job-${res.body.results[0].jobId}`);
    expect(events[0]!.metadata.actor).toBe(`source:${sourceId}`);
    const { rows } = await h.services.db.pool.query(
      'select items_ingested, last_ingest_at from ingestion_sources where id = $1',
      [sourceId],
    );
    expect(rows[0].items_ingested).toBeGreaterThan(0);
    expect(rows[0].last_ingest_at).not.toBeNull();
  });

  it('rate-limits each source with 429 and Retry-After', async () => {
    const limited = await newSource('Rate limited');
    // Use up the source's allowance for this window in one go.
    await h.services.rateLimiter.hit(INGEST_RATE_LIMIT, limited.sourceId, INGEST_RATE_LIMIT.limit);
    const res = await post([], limited.token);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another source is not affected.
    expect((await post([])).status).toBe(200);
  });

  it('answers 200 for a committed batch even when waiting for the read models fails', async () => {
    // The database went away after the append (a PostgreSQL restart): the batch is in, and saying
    // otherwise would only make the bot send it again.
    const app = createApp({
      ...h.services.appDeps,
      projections: {
        ...h.services.runner,
        waitForPosition: () => Promise.reject(new Error('Connection terminated unexpectedly')),
      },
    });
    const res = await supertest(app.callback())
      .post('/api/ingest/jobs')
      .set('Authorization', `Bearer ${token}`)
      .send({ items: [item('wait-fails-1')] });
    expect(res.status).toBe(200);
    expect(res.body.results[0].status).toBe('created');
    const events = await h.services.store.readStream(`job-${res.body.results[0].jobId}`);
    expect(events.map((e) => e.type)).toEqual(['JobPosted']);
  });
});
