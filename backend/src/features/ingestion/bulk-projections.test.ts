/**
 * The bulk path of the live projections (far behind: pages of thousands of events, one transaction each, the
 * set-based handlers) must build the same read models as applying the events one by one. The same events, from the
 * real ingestion service (new jobs, changes, closes, reposts, company profiles, copies from a second source that the
 * duplicate check merges), are projected twice into the same database: once one event per transaction, once in bulk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { IngestItemPosted } from '@jobs/contracts';
import { createProjectionRunner, isExternalProjection, type Projection } from '@jobs/projections';
import { resetCheckpoint } from '@jobs/projections/checkpoints';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { allProjections } from '../../read-models';
import { generateJobs } from '../seed/generate';
import { seedDemoData } from '../seed/seed';
import { createIngestionSource, DEMO_SOURCE_ID } from '../sources/service';
import { ingestItems } from './service';

let h: TestHarness;

beforeAll(async () => {
  // The harness's own runner stays stopped: the test runs its own runners over the events below.
  h = await createTestHarness();
  await h.services.runner.stop();
  const now = new Date('2026-11-20T12:00:00Z');
  await seedDemoData(h.services, { jobs: 700, now, batchSize: 250 });
  const demo = generateJobs({ count: 700, now }) as IngestItemPosted[];
  const { sourceId } = await createIngestionSource(h.services.store, { name: 'Second board' });
  // A second source sends copies of 40 demo jobs (the duplicate check merges them), and a few of its own.
  const copies = demo.slice(0, 40).map((item, i) => ({ ...item, externalId: `copy-${i}` }));
  await ingestItems(h.services, sourceId, [...copies, ...generateJobs({ count: 30, offset: 5000, now })], {
    now: new Date(now.getTime() + 60_000),
  });
  // Changes, closes and reposts on the demo source, interleaved with new jobs.
  const later = new Date(now.getTime() + 3_600_000);
  await ingestItems(
    h.services,
    DEMO_SOURCE_ID,
    [
      ...demo.slice(100, 140).map((item) => ({ ...item, title: `${item.title} (updated)` })),
      ...demo.slice(200, 230).map((item) => ({ action: 'closed', externalId: item.externalId })),
      ...generateJobs({ count: 50, offset: 9000, now: later }),
    ],
    { now: later },
  );
  const evenLater = new Date(later.getTime() + 3_600_000);
  await ingestItems(h.services, DEMO_SOURCE_ID, demo.slice(200, 210), { now: evenLater });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

/** Every projection's tables, row by row, in a stable order (the checkpoints aside). */
async function readModels(
  pool: pg.Pool,
  projections: readonly Projection[],
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  const tables = projections.flatMap((p) => (isExternalProjection(p) ? [] : (p.tables ?? [])));
  tables.push('job_search', 'job_suggestions', 'job_search_stats', 'job_search_facets');
  for (const table of tables) {
    // A facet combination whose documents all went keeps a row of 0 in the live path; a rebuild counts only the rows.
    const where = table === 'job_search_facets' ? ' where documents <> 0' : '';
    const { rows } = await pool.query(`select * from ${table}${where}`);
    out[table] = rows.map((r: Record<string, unknown>) => JSON.stringify(r)).sort();
  }
  return out;
}

/** Indexes of the read models a bulk load sets aside (one of the jobs read model's, and the search index's). */
async function setAsideIndexes(): Promise<string[]> {
  const { rows } = await h.services.db.pool.query<{ indexname: string }>(
    `select indexname from pg_indexes where indexname in ('jobs_title_trgm', 'jobs_skills', 'job_search_tsv')
     order by indexname`,
  );
  return rows.map((r) => r.indexname);
}

async function project(options: {
  batchSize: number;
  bulkThreshold: number;
  bulkBatchSize?: number;
  /** A seed's bulk load (runner.bulkLoad) around the catch-up. */
  bulkLoad?: boolean;
}) {
  const { bulkLoad, ...runnerOptions } = options;
  const projections = allProjections({ search: h.services.search, store: h.services.store });
  for (const p of projections) {
    if (isExternalProjection(p)) await p.reset?.();
    await resetCheckpoint(h.services.db.pool, p);
    if (isExternalProjection(p)) await p.afterRebuild?.();
  }
  const runner = createProjectionRunner({
    store: h.services.store,
    pool: h.services.db.pool,
    projections,
    ...runnerOptions,
    bulkCheckMs: 0,
  });
  await runner.start();
  const indexes = await setAsideIndexes();
  expect(indexes).toEqual(['job_search_tsv', 'jobs_skills', 'jobs_title_trgm']);
  if (bulkLoad) {
    expect(await runner.bulkLoad('begin')).toBe(true);
    expect(await setAsideIndexes()).toEqual([]);
  }
  try {
    // The duplicate check appends merges while it projects: wait until the head stops moving.
    for (let head = await h.services.store.headPosition(); ;) {
      expect(await runner.waitForPosition(head, 120_000)).toBe(true);
      const now = await h.services.store.headPosition();
      if (now?.commit === head?.commit) break;
      head = now;
    }
    const status = await runner.status();
    expect(status.filter((s) => s.lastError)).toEqual([]);
    if (bulkLoad) {
      expect(await runner.bulkLoad('end')).toBe(true);
      expect(await setAsideIndexes()).toEqual(indexes);
    }
  } finally {
    await runner.stop();
  }
  return readModels(h.services.db.pool, projections);
}

/** Every read model rebuilt from scratch (`npm run projections:rebuild`: the rebuild's own COPY path, counts at the end). */
async function rebuildAll() {
  const projections = allProjections({ search: h.services.search, store: h.services.store });
  const runner = createProjectionRunner({ store: h.services.store, pool: h.services.db.pool, projections });
  // Small pages: events of one job fall in different pages, and a page starts between a job and its changes.
  const small = createProjectionRunner({
    store: h.services.store,
    pool: h.services.db.pool,
    projections,
    rebuildBatchSize: 97,
  });
  const out: Record<string, unknown[]>[] = [];
  for (const r of [runner, small]) {
    await r.rebuild();
    out.push(await readModels(h.services.db.pool, projections));
  }
  return out;
}

describe('live projections far behind', () => {
  it('build in bulk the same read models as one event at a time', async () => {
    const oneByOne = await project({ batchSize: 1, bulkThreshold: Infinity });
    const headAfterFirst = await h.services.store.headPosition();
    expect(oneByOne.jobs!.length).toBeGreaterThan(800);
    expect(oneByOne.job_fingerprints!.some((r) => (r as string).includes('"merged_into":"'))).toBe(true);
    expect(oneByOne.jobs!.some((r) => (r as string).includes('"status":"removed"'))).toBe(true);

    const bulk = await project({ batchSize: 500, bulkThreshold: 100, bulkBatchSize: 300 });
    // The second pass appended nothing (the merges are decided once).
    expect(await h.services.store.headPosition()).toEqual(headAfterFirst);
    for (const table of Object.keys(oneByOne))
      expect({ table, rows: bulk[table] }).toEqual({ table, rows: oneByOne[table] });

    // A seed's bulk load (indexes and search counts set aside while the live projections apply the events, in
    // batches of 50 from the start: no catch-up in bulk) builds the same rows, and gets its indexes back.
    const seeded = await project({ batchSize: 50, bulkThreshold: Infinity, bulkLoad: true });
    expect(await h.services.store.headPosition()).toEqual(headAfterFirst);
    for (const table of Object.keys(oneByOne))
      expect({ table, rows: seeded[table] }).toEqual({ table, rows: oneByOne[table] });

    // A rebuild (pages of 5,000, and of 97) builds the same rows too, and appends nothing.
    for (const rebuilt of await rebuildAll()) {
      expect(await h.services.store.headPosition()).toEqual(headAfterFirst);
      for (const table of Object.keys(oneByOne))
        expect({ table, rows: rebuilt[table] }).toEqual({ table, rows: oneByOne[table] });
    }
  }, 400_000);
});
