import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestionSourceKind } from '@jobs/contracts';
import { createTestHarness, type TestHarness } from '../../../testing/harness';
import { signUp, type Agent } from '../../admin/testing';
import { addAtsSource } from '../../ats/service';
import { atsIngestionToken } from '../../ats/token';
import { generateJob } from '../../seed/generate';

/**
 * Issue 24 §1 and §3, over HTTP as an attacker holding an ingestion token would try it: a listing belongs to
 * the source that first posted it. Another source's copy is merged under it and never changes it.
 */
let h: TestHarness;
let admin: Agent;
const tokens: Record<string, string> = {};

const settle = () => h.settle(3);

async function source(name: string, kind: IngestionSourceKind) {
  tokens[name] = (await h.ingestionSource(name, kind)).token;
}

type Outcome = { status: string; id: number; slug: string; mergedInto?: { id: number; slug: string } };

async function post(name: string, items: unknown[]): Promise<Outcome> {
  const res = await h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${tokens[name]}`)
    .send({ items });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settle();
  return res.body.results[0] as Outcome;
}

function posting(index: number, company: string, overrides: Record<string, unknown> = {}) {
  const job = generateJob(index, 99, new Date());
  return { ...job, company, location: 'Remote - US', title: 'Senior Backend Engineer', ...overrides };
}

beforeAll(async () => {
  h = await createTestHarness();
  await source('Source A', 'api');
  await source('Source B', 'api');
  await source('Greenhouse token', 'greenhouse');
  ({ agent: admin } = await signUp(h, 'admin'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('repost takeover (issue 24 §1)', () => {
  it("another source's copy of a closed job never brings it back, rewrites it or closes it", async () => {
    const company = 'Takeover Target Ltd';
    const original = posting(11, company, { externalId: 'a-1', applicationUrl: 'https://a.example/apply/1' });
    const a = await post('Source A', [original]);
    await post('Source A', [{ action: 'closed', externalId: 'a-1', reason: 'Filled' }]);
    expect((await h.http.get(`/api/jobs/${a.slug}`)).status).toBe(410);

    const copy = { ...original, externalId: 'b-1', applicationUrl: 'https://evil.example/apply' };
    const b = await post('Source B', [copy]);
    expect(b.status).toBe('created');
    // A's listing stays closed, with A's reason.
    const gone = await h.http.get(`/api/jobs/${a.slug}`);
    expect(gone.status).toBe(410);
    expect(gone.body.reason).toBe('Filled');

    await post('Source B', [{ ...copy, title: `${copy.title} PAY A FEE TO APPLY` }]);
    await post('Source B', [{ action: 'closed', externalId: 'b-1', reason: 'Scam' }]);
    const still = await h.http.get(`/api/jobs/${a.slug}`);
    expect(still.status).toBe(410);
    expect(still.body.reason).toBe('Filled');

    // A's own repost within 30 days brings A's listing back, with A's link.
    const again = await post('Source A', [{ ...original, externalId: 'a-2' }]);
    expect(again.status).toBe('merged');
    expect(again.mergedInto).toMatchObject({ id: a.id, slug: a.slug });
    const back = await h.http.get(`/api/jobs/${a.slug}`);
    expect(back.status).toBe(200);
    expect(back.body.applicationUrl).toBe('https://a.example/apply/1');
  }, 60_000);

  it('a copy of a live job is merged under it and never changes its title, link, dates or status', async () => {
    const company = 'Live Target Inc';
    const original = posting(12, company, {
      externalId: 'a-10',
      applicationUrl: 'https://a.example/apply/10',
    });
    const a = await post('Source A', [original]);
    const before = (await h.http.get(`/api/jobs/${a.slug}`)).body as Record<string, unknown>;

    const copy = {
      ...original,
      externalId: 'b-10',
      applicationUrl: 'https://evil.example/apply',
      datePosted: new Date().toISOString(),
    };
    const b = await post('Source B', [copy]);
    expect(b.status).toBe('merged');
    expect(b.mergedInto).toMatchObject({ id: a.id, slug: a.slug });
    expect((await h.http.get(`/api/jobs/${b.slug}`)).status).toBe(301);

    await post('Source B', [{ ...copy, title: `${copy.title} PAY A FEE TO APPLY` }]);
    await post('Source B', [{ action: 'closed', externalId: 'b-10', reason: 'Scam' }]);
    const after = await h.http.get(`/api/jobs/${a.slug}`);
    expect(after.status).toBe(200);
    for (const field of ['title', 'description', 'applicationUrl', 'datePosted', 'validThrough'])
      expect(after.body[field], field).toEqual(before[field]);

    // The admin sees the other source under the kept job, and can undo the merge.
    const jobs = await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ q: company }) });
    const kept = (jobs.body as { id: string; publicId: number }[]).find((j) => j.publicId === a.id)!;
    const links = await admin.get(`/api/admin/jobs/${kept.id}/duplicates`);
    expect(links.body.duplicates).toHaveLength(1);
    expect(links.body.duplicates[0]).toMatchObject({ externalId: 'b-10', sourceName: 'Source B' });
  }, 60_000);
});

describe("an admin's explicit merge", () => {
  it("hides another source's repost under the original without changing it, and unmerges", async () => {
    const company = 'Admin Merge Co';
    const original = posting(14, company, {
      externalId: 'a-30',
      applicationUrl: 'https://a.example/apply/30',
    });
    const a = await post('Source A', [original]);
    await post('Source A', [{ action: 'closed', externalId: 'a-30', reason: 'Filled' }]);
    const b = await post('Source B', [
      { ...original, externalId: 'b-30', applicationUrl: 'https://b.example/30' },
    ]);
    expect(b.status).toBe('created');

    const jobs = await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ q: company }) });
    const ids = new Map((jobs.body as { id: string; publicId: number }[]).map((j) => [j.publicId, j.id]));
    const [aId, bId] = [ids.get(a.id)!, ids.get(b.id)!];
    expect((await admin.post(`/api/admin/jobs/${bId}/merge`).send({ into: bId })).status).toBe(409);
    expect(
      (
        await admin
          .post(`/api/admin/jobs/${bId}/merge`)
          .send({ into: '00000000-0000-4000-8000-000000000000' })
      ).status,
    ).toBe(404);
    const bad = await admin.post(`/api/admin/jobs/${bId}/merge`).send({ into: 'nope' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('into');

    const merged = await admin.post(`/api/admin/jobs/${bId}/merge`).send({ into: aId });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.events).toEqual(['JobMerged', 'JobRemoved']);
    await settle();
    expect((await h.http.get(`/api/jobs/${b.slug}`)).status).toBe(301);
    const gone = await h.http.get(`/api/jobs/${a.slug}`);
    expect(gone.status).toBe(410);
    expect(gone.body.reason).toBe('Filled');

    expect((await admin.post(`/api/admin/jobs/${bId}/unmerge`).send({})).status).toBe(200);
    await settle();
    expect((await h.http.get(`/api/jobs/${b.slug}`)).status).toBe(200);
  }, 60_000);
});

describe('ATS-kind copies (issue 24 §3)', () => {
  it("a token of ATS kind does not take over a bot's listing; the company's configured board does", async () => {
    const company = 'Board Owner GmbH';
    const original = posting(13, company, {
      externalId: 'a-20',
      applicationUrl: 'https://a.example/apply/20',
    });
    const a = await post('Source A', [original]);

    const fake = await post('Greenhouse token', [
      { ...original, externalId: 'gh-20', applicationUrl: 'https://evil.example/gh' },
    ]);
    expect(fake.status).toBe('merged');
    expect(fake.mergedInto?.id).toBe(a.id);
    const shown = await h.http.get(`/api/jobs/${a.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.body.applicationUrl).toBe('https://a.example/apply/20');

    // The company's own Greenhouse board, configured by an admin for this company, is the real employer's listing.
    const added = await addAtsSource(
      { store: h.services.store, serverSecret: h.services.config.sessionSecret!, pool: h.services.db.pool },
      { kind: 'greenhouse', board: 'boardowner', company, intervalMinutes: 60, baseUrl: null },
      { actor: 'test' },
    );
    await settle();
    const res = await h.http
      .post('/api/ingest/jobs')
      .set(
        'Authorization',
        `Bearer ${atsIngestionToken(h.services.config.sessionSecret!, added.atsSourceId)}`,
      )
      .send({
        items: [
          {
            ...original,
            externalId: 'gh-real-20',
            applicationUrl: 'https://boards.greenhouse.io/boardowner/1',
          },
        ],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await settle();
    const real = res.body.results[0] as Outcome;
    expect(real.status).toBe('created');
    const moved = await h.http.get(`/api/jobs/${a.slug}`);
    expect(moved.status).toBe(301);
    expect((await h.http.get(`/api/jobs/${real.slug}`)).body.applicationUrl).toBe(
      'https://boards.greenhouse.io/boardowner/1',
    );
  }, 60_000);
});
