import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobSearchQuery, SearchIndex } from '@jobs/contracts';
import {
  createPostgresSearchIndex,
  EmbeddedIndexFollower,
  fileSnapshots,
  routedSearchIndex,
} from '@jobs/search';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { generateJobs } from '../seed/generate';
import { createIngestionSource } from '../sources/service';
import { ingestItems } from '../ingestion/service';

/**
 * The embedded index as the server runs it: fed by following the real event store, checked against the
 * PostgreSQL index that the search-index projection builds from the same events (two independent
 * implementations of the same contract), restarted from its snapshot, and seen by two processes alike.
 */
let h: TestHarness;
let sourceId: string;
let postgres: SearchIndex;
const NOW = new Date('2026-11-01T12:00:00Z');

async function ingest(items: unknown[]) {
  const result = await ingestItems({ store: h.services.store, logger: h.services.logger }, sourceId, items, {
    now: NOW,
  });
  const head = await h.services.store.headPosition();
  expect(await h.services.runner.waitForPosition(head, 30_000)).toBe(true);
  return result;
}

/**
 * Filters, sorts and pages, and text whose words are too short for typos and all match something (the PostgreSQL
 * index corrects typos its own way, and only when nothing matched).
 */

function queries(): JobSearchQuery[] {
  const out: JobSearchQuery[] = [];
  const filters: Partial<JobSearchQuery>[] = [
    {},
    { isRemote: true },
    { isRemote: false },
    { experienceLevel: 'Senior' },
    { type: 'Contract' },
    { industry: 'Software Engineering' },
    { location: { kind: 'continent', continent: 'Europe', remoteOnly: false } },
    { location: { kind: 'continent', continent: 'North America', remoteOnly: true } },
    { location: { kind: 'worldwideRemote' } },
    { location: { kind: 'place', value: 'berlin' } },
    { location: { kind: 'place', value: 'US' } },
    { salaryUsd: { min: 80_000, max: 120_000 } },
    { salaryUsd: { min: 150_000, max: null }, isRemote: true },
    { postedAfter: '2026-10-20T00:00:00.000Z' },
    { workFrom: 'US' },
    { workFrom: 'de', isRemote: true },
    { timezone: { offset: 1, hours: 2 } },
    { timezone: { offset: -5, hours: 0 }, workFrom: 'CA' },
    { text: 'data' },
    { text: 'eng' },
    { text: 'go' },
    { text: 'data eng' },
    { text: 'lead', experienceLevel: 'Senior', isRemote: true },
  ];
  for (const f of filters)
    for (const [sortBy, sortOrder] of [
      ['datePosted', 'desc'],
      ['datePosted', 'asc'],
      ['title', 'asc'],
      ['company', 'desc'],
    ] as const)
      for (const page of [1, 3]) out.push({ ...f, sortBy, sortOrder, page, pageSize: 20 });
  return out;
}

beforeAll(async () => {
  h = await createTestHarness();
  const source = await createIngestionSource(h.services.store, { name: 'embedded search test' });
  sourceId = source.sourceId;
  postgres = createPostgresSearchIndex(h.testDb.pool);
  const jobs = generateJobs({ count: 600, seed: 7, now: NOW });
  await ingest(jobs);
  // Some close, some change.
  await ingest(
    jobs.slice(0, 80).map((j) => ({ action: 'closed', externalId: j.externalId, reason: 'Filled' })),
  );
  await ingest(jobs.slice(100, 160).map((j) => ({ ...j, title: `${j.title} (Platform)` })));
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('the embedded search index in the server', () => {
  it('answers every filter, sort and page exactly as the PostgreSQL index built from the same events', async () => {
    const embedded = h.services.embeddedSearch!;
    expect(embedded.ready).toBe(true);
    expect(embedded.engine.size).toBe(520);
    let nonEmpty = 0;
    let whereNonEmpty = 0;
    for (const q of queries()) {
      const fromPostgres = await postgres.search(q);
      expect(embedded.engine.search(q), JSON.stringify(q)).toEqual(fromPostgres);
      if (fromPostgres.ids.length) {
        nonEmpty++;
        if (q.workFrom || q.timezone) whereNonEmpty++;
      }
    }
    expect(whereNonEmpty).toBeGreaterThan(8);
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('shows a change in the feed as soon as the ingestion answer says it is done (read-your-writes)', async () => {
    const [job] = generateJobs({ count: 1, seed: 8, now: NOW, offset: 5000 });
    await ingest([{ ...job!, title: 'Quokka Wrangler' }]);
    const res = await h.http.get('/api/jobs').query({ title: 'quokka' });
    expect(res.body.totalJobs).toBe(1);
    await ingest([{ action: 'closed', externalId: job!.externalId, reason: 'Filled' }]);
    expect((await h.http.get('/api/jobs').query({ title: 'quokka' })).body.totalJobs).toBe(0);
  });

  it('restarts from its snapshot, catches up with what came after, and ignores a snapshot of another history', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-snap-'));
    try {
      const first = new EmbeddedIndexFollower({ store: h.services.store, snapshots: fileSnapshots(dir) });
      first.start();
      await first.whenReady();
      expect(first.status().startedFrom).toBe('events');
      await first.stop(); // a clean stop writes the snapshot
      const more = generateJobs({ count: 30, seed: 9, now: NOW, offset: 9000 });
      await ingest(more);

      const second = new EmbeddedIndexFollower({ store: h.services.store, snapshots: fileSnapshots(dir) });
      second.start();
      await second.whenReady();
      expect(second.status().startedFrom).toBe('snapshot');
      const head = await h.services.store.headPosition();
      expect(await second.waitFor(head, 10_000)).toBe(true);
      for (const q of queries().slice(0, 40))
        expect(second.engine.search(q), JSON.stringify(q)).toEqual(await postgres.search(q));
      await second.stop({ snapshot: false });

      // The same file against another database: built from that database's events instead.
      const other = await createTestHarness();
      try {
        const third = new EmbeddedIndexFollower({
          store: other.services.store,
          snapshots: fileSnapshots(dir),
        });
        third.start();
        await third.whenReady();
        expect(third.status().startedFrom).toBe('events');
        expect(third.engine.size).toBe(0);
        await third.stop({ snapshot: false });
      } finally {
        await other.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('answers from the PostgreSQL index while it is loading, never empty', async () => {
    const loading = new EmbeddedIndexFollower({ store: h.services.store });
    const routed = routedSearchIndex(loading, postgres);
    const q: JobSearchQuery = { sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 20 };
    expect(loading.ready).toBe(false);
    const answer = await routed.search(q);
    expect(answer.total).toBeGreaterThan(500);
    expect(answer).toEqual(await postgres.search(q));
    loading.start();
    await loading.whenReady();
    expect(await routed.search(q)).toEqual(answer);
    await loading.stop({ snapshot: false });
  });

  it('is the same in two processes within a second of a job being posted', async () => {
    const a = new EmbeddedIndexFollower({ store: h.services.store });
    const b = new EmbeddedIndexFollower({ store: h.services.store });
    a.start();
    b.start();
    await Promise.all([a.whenReady(), b.whenReady()]);
    const [job] = generateJobs({ count: 1, seed: 10, now: NOW, offset: 7000 });
    const posted = await ingestItems({ store: h.services.store, logger: h.services.logger }, sourceId, [
      { ...job!, title: 'Axolotl Keeper' },
    ]);
    const started = Date.now();
    const seen = await Promise.all([a.waitFor(posted.position, 1000), b.waitFor(posted.position, 1000)]);
    expect(seen).toEqual([true, true]);
    expect(Date.now() - started).toBeLessThan(1000);
    const q: JobSearchQuery = {
      text: 'axolotl',
      sortBy: 'datePosted',
      sortOrder: 'desc',
      page: 1,
      pageSize: 5,
    };
    expect(a.engine.search(q).total).toBe(1);
    expect(b.engine.search(q)).toEqual(a.engine.search(q));
    await Promise.all([a.stop({ snapshot: false }), b.stop({ snapshot: false })]);
  });
});
