import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '@jobs/contracts/eventstore';
import { jobContent } from '@jobs/projections/jobs/testing';
import { EmbeddedIndexFollower } from '@jobs/search';
import { indexBytes } from '@jobs/search/memory/testing';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db';
import { createPostgresEventStore, migratePostgresEventStore } from './postgres';
import { openEventRangeReader } from './postgres-range';

const newEvent = (type: string, data: unknown): NewEvent => ({
  id: crypto.randomUUID(),
  type,
  data,
  metadata: { actor: 'system', at: '2026-11-29T00:00:00.000Z' },
});

const VOCABULARY = (
  'react typescript senior engineer remote europe kubernetes platform data analyst product design go rust ' +
  'c++ c# node.js postgres café münchen são paulo growth marketing sales support backend frontend mobile'
).split(' ');

describe('the embedded index built by threads that read the PostgreSQL event store themselves', () => {
  let db: TestDatabase;
  let store: EventStore;
  let jobEvents = 0;
  beforeAll(async () => {
    db = await createTestDatabase('esrange');
    await migratePostgresEventStore(db.pool);
    store = await createPostgresEventStore(db.pool);
    // 3,000 jobs' lives in batches, with other events between theirs (positions the ranges must skip): posts,
    // updates of live and of removed jobs, removals, reposts.
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const ids = Array.from({ length: 3_000 }, () => crypto.randomUUID());
    const revisions = new Map<string, number>();
    const content = (i: number) =>
      jobContent({
        title: `${VOCABULARY[rnd(VOCABULARY.length)]} ${VOCABULARY[rnd(VOCABULARY.length)]} ${i}`,
        description: `<h2>About</h2><p>${Array.from({ length: 120 }, () => VOCABULARY[rnd(VOCABULARY.length)]).join(' ')} w${i}</p>`,
      });
    for (let from = 0; from < ids.length; from += 250) {
      const appends: { streamId: string; events: NewEvent[]; expectedRevision: 'any' }[] = [];
      for (let i = from; i < from + 250; i++) {
        const jobId = ids[i]!;
        const events = [newEvent('JobPosted', { jobId, job: content(i) })];
        if (i % 7 === 3) events.push(newEvent('JobUpdated', { jobId, job: content(i + 1) }));
        if (i % 11 === 5) events.push(newEvent('JobRemoved', { jobId, reason: 'filled' }));
        if (i % 22 === 5) events.push(newEvent('JobUpdated', { jobId, job: content(i + 2) }));
        if (i % 33 === 5) events.push(newEvent('JobReposted', { jobId, job: content(i + 3) }));
        jobEvents += events.length;
        revisions.set(jobId, events.length);
        appends.push({ streamId: `job-${jobId}`, events, expectedRevision: 'any' });
        if (i % 5 === 0)
          appends.push({
            streamId: `company-${i}`,
            events: [newEvent('CompanyProfileUpdated', { name: `Company ${i}` })],
            expectedRevision: 'any',
          });
      }
      await store.appendMany!(appends);
    }
  }, 120_000);
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  async function build(s: EventStore, workerFromEvents: number, workers = 2) {
    const logs: { msg: string; obj: object; level: string }[] = [];
    const follower = new EmbeddedIndexFollower({
      store: s,
      workerFromEvents,
      workers,
      logger: {
        info: (obj, msg) => logs.push({ obj, msg, level: 'info' }),
        warn: (obj, msg) => logs.push({ obj, msg, level: 'warn' }),
      },
    });
    follower.start();
    await follower.whenReady();
    const status = follower.status();
    await follower.stop({ snapshot: false });
    return { engine: follower.engine, status, logs };
  }

  it('reads a range of positions: the job events in it, in order, as readAll gives them', async () => {
    const reader = await openEventRangeReader(store.rangeSource!()!.config);
    try {
      const all = await store.readAll({ after: { commit: 100, prepare: 100 }, maxCount: 400 });
      const types = ['JobPosted', 'JobRemoved'];
      const range = await reader.read(100, 500, types);
      expect(range).toEqual(
        all
          .filter((e) => types.includes(e.type) && e.position.commit <= 500)
          .map(({ metadata: _m, recordedAt: _r, ...event }) => event),
      );
      expect(range.length).toBeGreaterThan(100);
      expect(typeof range[0]!.position.commit).toBe('number');
      expect(await reader.read(500, 500, types)).toEqual([]);
    } finally {
      await reader.close();
    }
  });

  it('builds the same index as the main thread alone, every job event cut in the threads', async () => {
    const alone = await build(store, 0);
    const threaded = await build(store, 1, 2);
    expect(alone.engine.size).toBeGreaterThan(2_500);
    expect(threaded.logs.filter((l) => l.level === 'warn')).toEqual([]);
    expect(threaded.logs.find((l) => l.msg.includes('worker threads'))?.obj).toMatchObject({
      events: jobEvents,
      readInThreads: jobEvents,
      threads: 2,
    });
    expect(indexBytes(threaded.engine).equals(indexBytes(alone.engine))).toBe(true);
    expect(threaded.status.position).toEqual(await store.headPosition());
    expect(threaded.status.documents).toBe(alone.status.documents);
  }, 120_000);

  it('reads here the pages a thread cannot read, and builds the same index', async () => {
    const alone = await build(store, 0);
    // A source the threads cannot connect to (nothing listens on port 1): every range comes back failed.
    const unreachable: EventStore = {
      ...store,
      rangeSource: () => ({
        module: store.rangeSource!()!.module,
        config: { host: '127.0.0.1', port: 1, user: 'x', database: 'x', connectionTimeoutMillis: 2000 },
      }),
    };
    const threaded = await build(unreachable, 1, 2);
    const warnings = threaded.logs.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('could not read its page');
    expect(threaded.logs.find((l) => l.msg.includes('worker threads'))?.obj).toMatchObject({
      readInThreads: 0,
    });
    expect(indexBytes(threaded.engine).equals(indexBytes(alone.engine))).toBe(true);
  }, 120_000);
});
