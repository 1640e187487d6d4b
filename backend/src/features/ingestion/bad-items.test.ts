/**
 * One bad item never sinks its batch (issue 18, section 2): text PostgreSQL cannot store (U+0000, a
 * lone surrogate) anywhere in an item, or an item nested thousands of levels deep, is rejected alone
 * with a reason naming the field; every other item of the batch lands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';
import { MAX_ITEM_DEPTH } from './service';

let h: TestHarness;
let token: string;

interface Outcome {
  index: number;
  externalId: string | null;
  status: string;
  errors?: { path: string; message: string }[];
}
interface Answer {
  results: Outcome[];
  counts: Record<string, number>;
}

function item(externalId: string, overrides: Record<string, unknown> = {}) {
  return {
    action: 'posted',
    externalId,
    title: 'Platform Engineer',
    company: 'Bad Items Co',
    location: 'Remote - Europe',
    employmentType: 'Full-time',
    descriptionHtml: '<p>We run things.</p>',
    applicationUrl: `https://bad-items.example/apply/${externalId}`,
    ...overrides,
  };
}

/** Posts a batch given as JSON text (deep items cannot go through JSON.stringify). */
const postText = (json: string) =>
  h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'application/json')
    .send(json);

const eventCount = async () =>
  Number((await h.testDb.pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);

beforeAll(async () => {
  h = await createTestHarness();
  const source = await createIngestionSource(h.services.store, { name: 'Bad items' });
  await h.services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  token = source.token;
});

afterAll(async () => {
  await h?.close();
});

describe('POST /api/ingest/jobs with items PostgreSQL cannot store', () => {
  it('rejects each item with U+0000 or a lone surrogate alone, naming the field; the rest lands', async () => {
    const run = `nul-${Date.now()}`;
    const good = Array.from({ length: 8 }, (_, i) => item(`${run}-good-${i}`));
    const bad = [
      item(`${run}-b0`, { title: 'Platform\u0000Engineer' }),
      item(`${run}-b1`, { company: 'Bad \uD800 Items' }),
      item(`${run}-b2`, { descriptionHtml: '<p>lone \uDC00 low</p>' }),
      item(`${run}-b3`, { skills: ['Go', 'Rust\u0000'] }),
      item(`${run}-b4`, { vendor: { meta: [{ note: 'deep \uDBFF' }] } }),
      item(`${run}-b5`, { ['key\u0000']: 'x' }),
      item(`${run}-b6\u0000`, { applicationUrl: 'https://bad-items.example/apply/b6' }),
    ];
    const items = [good[0], bad[0], ...good.slice(1, 4), ...bad.slice(1), ...good.slice(4)];
    const before = await eventCount();
    const res = await postText(JSON.stringify({ items }));
    expect(res.status, res.text).toBe(200);
    const body = res.body as Answer;
    expect(body.counts.created).toBe(8);
    expect(body.counts.rejected).toBe(7);
    const byId = new Map(body.results.map((r) => [r.externalId, r]));
    const reason = (externalId: string) => byId.get(externalId)?.errors?.[0];
    expect(reason(`${run}-b0`)).toEqual({
      path: 'title',
      message: 'must not contain NUL characters or unpaired surrogates',
    });
    expect(reason(`${run}-b1`)?.path).toBe('company');
    expect(reason(`${run}-b2`)?.path).toBe('descriptionHtml');
    expect(reason(`${run}-b3`)?.path).toBe('skills.1');
    expect(reason(`${run}-b4`)?.path).toBe('vendor.meta.0.note');
    expect(reason(`${run}-b5`)?.path).toBe('key\uFFFD');
    // The answer echoes an externalId it could not store with the character replaced.
    expect(reason(`${run}-b6\uFFFD`)?.path).toBe('externalId');
    for (const g of good) expect(byId.get(g.externalId)?.status).toBe('created');
    // The good items are stored (one JobPosted each, plus the company's profile).
    expect((await eventCount()) - before).toBeGreaterThanOrEqual(8);

    // The bot's retry of the same batch is not stuck: the good ones are unchanged, the bad ones rejected again.
    const again = await postText(JSON.stringify({ items }));
    expect(again.status).toBe(200);
    expect((again.body as Answer).counts).toMatchObject({ unchanged: 8, rejected: 7, created: 0 });
  });

  it('rejects an item nested 20,000 levels deep (no stack overflow); the rest lands', async () => {
    const run = `deep-${Date.now()}`;
    const deepArrays = '['.repeat(20_000) + ']'.repeat(20_000);
    const deepObjects = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const json =
      `{"items":[${JSON.stringify(item(`${run}-ok-1`))},` +
      `${JSON.stringify(item(`${run}-arrays`, { extra: 'DEEP' })).replace('"DEEP"', deepArrays)},` +
      `${JSON.stringify(item(`${run}-objects`, { skills: 'DEEP' })).replace('"DEEP"', deepObjects)},` +
      `${deepArrays},` +
      `${JSON.stringify(item(`${run}-ok-2`))}]}`;
    const res = await postText(json);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const body = res.body as Answer;
    expect(body.results.map((r) => r.status)).toEqual([
      'created',
      'rejected',
      'rejected',
      'rejected',
      'created',
    ]);
    for (const r of body.results.filter((o) => o.status === 'rejected')) {
      expect(r.errors?.[0]?.message).toBe(`must not be nested more than ${MAX_ITEM_DEPTH} levels deep`);
    }
    expect(body.results[1]!.errors?.[0]?.path).toMatch(/^extra\.0\.0\./);
    expect(body.results[2]!.errors?.[0]?.path).toMatch(/^skills\.a\.a\./);
  });

  it('an item whose HTML entities decode to unstorable text never answers 500', async () => {
    const run = `entity-${Date.now()}`;
    const res = await postText(
      JSON.stringify({
        items: [
          item(`${run}-1`, { descriptionHtml: '<p>a&#0;b &#xD800; c &#xDFFF;</p>', title: 'Go &#0; Dev' }),
          item(`${run}-2`),
        ],
      }),
    );
    expect(res.status, res.text).toBe(200);
    expect((res.body as Answer).results[1]!.status).toBe('created');
  });
});
