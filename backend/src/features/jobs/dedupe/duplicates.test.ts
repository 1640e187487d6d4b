import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import type { IngestionSourceKind } from '@jobs/contracts';
import { createApp } from '../../../http/app';
import { createTestHarness, type TestHarness } from '../../../testing/harness';
import { signUp, type Agent } from '../../admin/testing';
import { ingestItems } from '../../ingestion/service';
import { addAtsSource } from '../../ats/service';
import { atsIngestionToken } from '../../ats/token';
import { createIngestionSource } from '../../sources/service';
import { generateJob } from '../../seed/generate';
import { DUPLICATES_PROJECTION } from './projection';

/** Duplicates end to end: ingestion, the duplicate check, the public API and pages, the admin's history and unmerge. */
let h: TestHarness;
/** The app with a built site, so job pages go through the page renderers. */
let site: ReturnType<typeof supertest>;
let admin: Agent;
const sources: Record<'bot' | 'ats' | 'ats2', { sourceId: string; token: string }> = {} as never;

const settle = () => h.settle(2);

async function source(name: string, kind: IngestionSourceKind) {
  const created = await createIngestionSource(h.services.store, { name, kind });
  await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  return created;
}

const post = (which: keyof typeof sources, items: unknown[]) =>
  h.http.post('/api/ingest/jobs').set('Authorization', `Bearer ${sources[which].token}`).send({ items });

/** A realistic posting from the seed generator, under a company of its own for this test. */
function posting(index: number, company: string, overrides: Record<string, unknown> = {}) {
  const job = generateJob(index, 99, new Date());
  return { ...job, company, location: 'Remote - US', title: 'Senior Backend Engineer', ...overrides };
}

async function feedIds(company: string): Promise<number[]> {
  const res = await h.http.get('/api/jobs').query({ title: 'Backend Engineer' });
  expect(res.status).toBe(200);
  return (res.body.data as { id: number; company: string }[])
    .filter((j) => j.company === company)
    .map((j) => j.id);
}

beforeAll(async () => {
  h = await createTestHarness();
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duplicates-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><title>Site</title></head><body></body></html>',
  );
  site = supertest(createApp({ ...h.services.appDeps, siteDistDir: distDir }).callback());
  sources.bot = await source('Bot', 'api');
  // The company's own board, configured for it: it wins over a bot's copy of the company's jobs (issue 24 §3).
  const secret = h.services.config.sessionSecret!;
  const added = await addAtsSource(
    { store: h.services.store, serverSecret: secret, pool: h.services.db.pool },
    { kind: 'greenhouse', board: 'dupeworks', company: 'Dupe Works', intervalMinutes: 60, baseUrl: null },
    { actor: 'test' },
  );
  await h.services.runner.waitForPosition(added.position, 10_000);
  sources.ats = { sourceId: added.atsSourceId, token: atsIngestionToken(secret, added.atsSourceId) };
  sources.ats2 = await source('Lever: Acme', 'lever');
  ({ agent: admin } = await signUp(h, 'admin'));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('the same job from two sources', () => {
  it("shows once, prefers the company's own ATS listing, redirects the copy, and keeps both sources in the history", async () => {
    const company = 'Dupe Works';
    const fromBot = posting(1, company, { externalId: 'bot-1', title: 'Sr. Backend Engineer (Remote)' });
    const botRes = await post('bot', [fromBot]);
    expect(botRes.status).toBe(200);
    const bot = botRes.body.results[0] as { id: number; slug: string; status: string };
    expect(bot.status).toBe('created');
    await settle();

    const atsRes = await post('ats', [posting(1, company, { externalId: 'gh-1' })]);
    const ats = atsRes.body.results[0] as { id: number; slug: string };
    await settle();

    expect(await feedIds(company)).toEqual([ats.id]);

    // The bot's URL moves to the ATS listing, page and API alike.
    const page = await site.get(`/jobs/${bot.slug}`);
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe(`/jobs/${ats.slug}`);
    const api = await h.http.get(`/api/jobs/${bot.id}`);
    expect(api.status).toBe(301);
    expect(api.headers.location).toBe(`/api/jobs/${ats.slug}`);
    expect((await h.http.get(`/api/jobs/${ats.slug}`)).status).toBe(200);

    // Admin: the canonical job's history shows both sources and the merge.
    const atsJob = await admin.get('/api/admin/jobs').query({ filter: JSON.stringify({ q: company }) });
    const atsJobId = (atsJob.body as { id: string; publicId?: number; source?: string }[]).find(
      (j) => j.source === sources.ats.sourceId,
    )?.id;
    const links = await admin.get(`/api/admin/jobs/${atsJobId}/duplicates`);
    expect(links.status).toBe(200);
    expect(links.body.duplicates).toHaveLength(1);
    expect(links.body.duplicates[0]).toMatchObject({ source: sources.bot.sourceId, externalId: 'bot-1' });
    const botJobId = links.body.duplicates[0].jobId as string;
    const history = await admin.get(`/api/admin/jobs/${atsJobId}/history`);
    const types = (history.body as { type: string; linkedJobId?: string }[]).map(
      (e) => `${e.linkedJobId ? 'linked ' : ''}${e.type}`,
    );
    expect(types).toEqual(
      expect.arrayContaining(['JobPosted', 'linked JobPosted', 'linked JobMerged', 'linked JobRemoved']),
    );

    // Unmerge: the bot's listing is back on its own and the pair is never merged again.
    const unmerge = await admin.post(`/api/admin/jobs/${botJobId}/unmerge`).send({});
    expect(unmerge.status, JSON.stringify(unmerge.body)).toBe(200);
    expect(unmerge.body.events).toEqual(['JobUnmerged', 'JobReposted']);
    await settle();
    expect((await feedIds(company)).sort()).toEqual([ats.id, bot.id].sort());
    expect((await site.get(`/jobs/${bot.slug}`)).status).not.toBe(301);
    const again = await admin.post(`/api/admin/jobs/${botJobId}/unmerge`).send({});
    expect(again.status).toBe(409);

    // The bot sends it again, changed: still its own listing.
    await post('bot', [{ ...fromBot, descriptionHtml: `${fromBot.descriptionHtml}<p>Updated.</p>` }]);
    await settle();
    expect((await feedIds(company)).sort()).toEqual([ats.id, bot.id].sort());
    const botHistory = await admin.get(`/api/admin/jobs/${botJobId}/history`);
    expect((botHistory.body as { type: string }[]).map((e) => e.type)).toEqual([
      'JobPosted',
      'JobMerged',
      'JobRemoved',
      'JobUnmerged',
      'JobReposted',
      'JobUpdated',
    ]);
  }, 60_000);

  it('merges two ATS boards of one company into the first, and keeps distinct offices apart', async () => {
    const company = 'Two Boards Inc';
    const first = (
      await post('ats', [posting(2, company, { externalId: 'gh-2', location: 'Berlin, Germany' })])
    ).body.results[0] as { id: number };
    await settle();
    await post('ats2', [
      posting(2, company, { externalId: 'lv-2', location: 'Berlin, Germany' }),
      // The same posting for another office is another job.
      posting(2, company, { externalId: 'lv-3', location: 'Hybrid - London, UK' }),
      // Another role under the same title: its own text.
      posting(3, company, { externalId: 'lv-4', location: 'Berlin, Germany' }),
    ]);
    await settle();
    const ids = await feedIds(company);
    expect(ids).toHaveLength(3);
    expect(ids).toContain(first.id);
  }, 60_000);
});

describe('copies in one batch', () => {
  it('shows the first once and redirects the others', async () => {
    const company = 'Batch Copies Ltd';
    const res = await post('bot', [
      posting(7, company, { externalId: 'b-1' }),
      posting(8, company, { externalId: 'b-other', title: 'Staff Data Engineer' }),
      posting(7, company, { externalId: 'b-2', title: 'Backend Engineer, Senior' }),
      posting(7, company, { externalId: 'b-3', company: 'Batch Copies' }),
    ]);
    const [first, , second, third] = res.body.results as { id: number; slug: string }[];
    await settle();
    expect(await feedIds(company)).toEqual([first!.id]);
    for (const copy of [second!, third!]) {
      const page = await site.get(`/jobs/${copy.slug}`);
      expect(page.status).toBe(301);
      expect(page.headers.location).toBe(`/jobs/${first!.slug}`);
    }
  }, 60_000);
});

describe('a repost of a closed job', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const t0 = new Date('2026-03-01T09:00:00Z');
  const at = (days: number) => new Date(t0.getTime() + days * DAY);
  const ingest = async (items: unknown[], now: Date) => {
    const result = await ingestItems({ store: h.services.store }, sources.ats.sourceId, items, { now });
    await settle();
    const outcome = result.results[0]!;
    if (outcome.status === 'rejected') throw new Error(JSON.stringify(outcome.errors));
    return outcome;
  };

  it('within 30 days brings the original listing back with its first datePosted, and follows the repost', async () => {
    const company = 'Repost Labs';
    const original = posting(5, company, { externalId: 'job-100', datePosted: t0.toISOString() });
    const first = await ingest([original], t0);
    await ingest([{ action: 'closed', externalId: 'job-100' }], at(5));
    expect((await h.http.get(`/api/jobs/${first.slug}`)).status).toBe(410);

    const repost = await ingest(
      [
        {
          ...original,
          externalId: 'job-200',
          datePosted: at(12).toISOString(),
          salary: '$150,000 - $170,000',
        },
      ],
      at(12),
    );
    expect(repost.status).toBe('created');
    // The original is live again, not newer than it was; the repost's URL leads to it.
    const shown = await h.http.get(`/api/jobs/${first.slug}`);
    expect(shown.status).toBe(200);
    expect(Date.parse(shown.body.datePosted as string)).toBe(t0.getTime());
    expect(shown.body.salary).toContain('150,000');
    expect(await feedIds(company)).toEqual([first.id]);
    const moved = await site.get(`/jobs/${repost.slug}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`/jobs/${first.slug}`);

    // When the repost closes, so does the listing it brought back.
    await ingest([{ action: 'closed', externalId: 'job-200' }], at(20));
    expect((await h.http.get(`/api/jobs/${first.slug}`)).status).toBe(410);
  }, 60_000);

  it('after 30 days is a new listing', async () => {
    const company = 'Late Repost Co';
    const original = posting(6, company, { externalId: 'job-300', datePosted: t0.toISOString() });
    const first = await ingest([original], t0);
    await ingest([{ action: 'closed', externalId: 'job-300' }], at(1));
    const repost = await ingest(
      [{ ...original, externalId: 'job-400', datePosted: at(40).toISOString() }],
      at(40),
    );
    expect((await h.http.get(`/api/jobs/${first.slug}`)).status).toBe(410);
    const shown = await h.http.get(`/api/jobs/${repost.slug}`);
    expect(shown.status).toBe(200);
    expect(Date.parse(shown.body.datePosted as string)).toBe(at(40).getTime());
  }, 60_000);
});

describe('rebuilding the duplicates read model', () => {
  it('gives the same links from the events and appends nothing', async () => {
    const links = () =>
      h.services.db.pool
        .query<{ job_id: string; merged_into: string | null; status: string }>(
          'select job_id, merged_into, status from job_fingerprints order by job_id',
        )
        .then((r) => r.rows);
    await settle();
    const before = await links();
    const head = await h.services.store.headPosition();
    expect(before.some((r) => r.merged_into !== null)).toBe(true);
    await h.services.runner.rebuild(DUPLICATES_PROJECTION);
    await settle();
    expect(await h.services.store.headPosition()).toEqual(head);
    expect(await links()).toEqual(before);
  }, 60_000);
});
