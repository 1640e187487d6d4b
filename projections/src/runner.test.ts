import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, Position } from '@jobs/contracts/eventstore';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db';
import { createPostgresEventStore, migratePostgresEventStore } from '../../backend/src/eventstore/postgres';
import { createProjectionRunner, type ProjectionRunner, type ProjectionRunnerOptions } from './runner';
import { readCheckpoints } from './checkpoints';
import type { SqlProjection } from './projection';
import { eventTally, memoryIndex, sampleProjections, streamCounts } from './testing/sample-projections';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

function thing(type = 'ThingHappened', data: Record<string, unknown> = {}): NewEvent {
  return { id: crypto.randomUUID(), type, data, metadata: { actor: 'system', at: new Date().toISOString() } };
}

/** Appends `perStream` events to each of `streams` streams; every 5th event is an OtherThingHappened. */
async function seed(store: EventStore, streams: number, perStream: number, prefix = 's'): Promise<Position> {
  let last: Position | null = null;
  for (let s = 0; s < streams; s++) {
    const events = Array.from({ length: perStream }, (_, i) =>
      thing(i % 5 === 4 ? 'OtherThingHappened' : 'ThingHappened'),
    );
    last = (await store.append(`${prefix}-${s}`, events, { expectedRevision: 'any' })).position;
  }
  if (!last) throw new Error('nothing seeded');
  return last;
}

interface Snapshot {
  counts: { stream_id: string; events: number; revision: number }[];
  tally: { type: string; n: number }[];
}

async function snapshot(db: TestDatabase): Promise<Snapshot> {
  const counts = await db.pool.query(
    'select stream_id, events, revision from stream_counts order by stream_id',
  );
  const tally = await db.pool.query('select type, n from event_tally order by type');
  return { counts: counts.rows, tally: tally.rows };
}

function expectedSnapshot(streams: number, perStream: number, prefix = 's'): Snapshot {
  const things = Array.from({ length: perStream }, (_, i) => i).filter((i) => i % 5 !== 4);
  const counts = Array.from({ length: streams }, (_, s) => ({
    stream_id: `${prefix}-${s}`,
    events: things.length,
    revision: things[things.length - 1] ?? -1,
  })).sort((a, b) => (a.stream_id < b.stream_id ? -1 : 1));
  const tally = [
    { type: 'OtherThingHappened', n: streams * (perStream - things.length) },
    { type: 'ThingHappened', n: streams * things.length },
  ];
  return { counts, tally };
}

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('projection runner', () => {
  let db: TestDatabase;
  let store: EventStore;
  const runners: ProjectionRunner[] = [];

  function runner(options: Partial<ProjectionRunnerOptions> = {}): ProjectionRunner {
    const r = createProjectionRunner({
      store,
      pool: db.pool,
      projections: sampleProjections(),
      logger: quietLogger,
      lockRetryMs: 100,
      retryBackoff: { initialMs: 50, maxMs: 200 },
      ...options,
    });
    runners.push(r);
    return r;
  }

  beforeEach(async () => {
    db = await createTestDatabase('proj');
    await migratePostgresEventStore(db.pool);
    store = await createPostgresEventStore(db.pool);
  });

  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await store.close();
    await db.drop();
  });

  it('a live projection that falls far behind catches up in bulk and follows live again', async () => {
    const r = runner({ batchSize: 5, bulkThreshold: 50, bulkBatchSize: 40, bulkCheckMs: 0 });
    await r.start();
    const first = await seed(store, 2, 5);
    expect(await r.waitForPosition(first, 10_000)).toBe(true);
    // A burst far larger than the live queue (two batches): the live path hands over to the bulk catch-up.
    const burst = Array.from({ length: 1000 }, (_, i) =>
      thing(i % 5 === 4 ? 'OtherThingHappened' : 'ThingHappened'),
    );
    await store.append('burst', burst, { expectedRevision: 'no_stream' });
    const head = await seed(store, 3, 5, 'later');
    expect(await r.waitForPosition(head, 20_000)).toBe(true);
    const live = await store.append('later-0', [thing()], { expectedRevision: 4 });
    expect(await r.waitForPosition(live.position, 10_000)).toBe(true);
    const status = await r.status();
    expect(status.map((s) => [s.name, s.state, s.lagEvents])).toEqual([
      ['stream-counts', 'live', 0],
      ['event-tally', 'live', 0],
    ]);
    expect(status.find((s) => s.name === 'event-tally')?.eventsHandled).toBe(1026);
  });

  it('catches up from the start, then follows live', async () => {
    const head = await seed(store, 20, 10);
    const r = runner();
    await r.start();
    expect(await r.waitForPosition(head, 10_000)).toBe(true);
    expect(await snapshot(db)).toEqual(expectedSnapshot(20, 10));

    const live = await store.append('s-0', [thing(), thing('OtherThingHappened')], { expectedRevision: 9 });
    expect(await r.waitForPosition(live.position, 5000)).toBe(true);
    const after = await snapshot(db);
    expect(after.counts.find((c) => c.stream_id === 's-0')).toEqual({
      stream_id: 's-0',
      events: 9,
      revision: 10,
    });
    expect(after.tally).toEqual([
      { type: 'OtherThingHappened', n: 41 },
      { type: 'ThingHappened', n: 161 },
    ]);
    const status = await r.status();
    expect(status.map((s) => [s.name, s.state, s.position, s.lagEvents])).toEqual([
      ['stream-counts', 'live', live.position, 0],
      ['event-tally', 'live', live.position, 0],
    ]);
    expect(status.find((s) => s.name === 'event-tally')?.eventsHandled).toBe(202);
  });

  it('advances the checkpoint past events a projection does not handle', async () => {
    await seed(store, 2, 3);
    const r = runner();
    await r.start();
    const other = await store.append('x-1', [thing('OtherThingHappened')], { expectedRevision: 'no_stream' });
    // stream-counts ignores OtherThingHappened, yet its checkpoint must pass it (the read-your-writes wait).
    expect(await r.waitForPosition(other.position, 5000, ['stream-counts'])).toBe(true);
  });

  it('starts the back-off again after progress: an occasional failure never waits the longest delay', async () => {
    // Each poisoned event fails twice (its batch, then alone), then applies: separate failures with progress between.
    const attempts = new Map<string, number>();
    const delays: number[] = [];
    const logger = {
      ...quietLogger,
      error: (obj: object) => {
        const retry = (obj as { retryInMs?: number }).retryInMs;
        if (retry !== undefined) delays.push(retry);
      },
    };
    const r = runner({
      projections: [
        streamCounts({
          poisoned: (event) => {
            const n = (attempts.get(event.id) ?? 0) + 1;
            attempts.set(event.id, n);
            return n <= 2;
          },
        }),
      ],
      logger,
      retryBackoff: { initialMs: 20, maxMs: 10_000 },
    });
    await r.start();
    for (let i = 0; i < 5; i++) {
      const { position } = await store.append(`flaky-${i}`, [thing('ThingHappened', { poison: true })], {
        expectedRevision: 'any',
      });
      expect(await r.waitForPosition(position, 5000)).toBe(true);
    }
    // Two failures per event (the second without progress doubles the delay), then the next event's failure
    // starts again from the first delay. Without the reset: 20, 40, 80, ... up to 10 s.
    expect(delays).toEqual([20, 40, 20, 40, 20, 40, 20, 40, 20, 40]);
  });

  it('commits rows and checkpoint together: a failing handler stops the projection at the event before it, then retries', async () => {
    let poisoned = true;
    await seed(store, 3, 5);
    const poison = await store.append('s-1', [thing('ThingHappened', { poison: true })], {
      expectedRevision: 4,
    });
    const head = await seed(store, 3, 5, 'later');
    const r = runner({ projections: [streamCounts({ poisoned: () => poisoned }), eventTally()] });
    await r.start();

    expect(await r.waitForPosition(head, 5000, ['event-tally'])).toBe(true);
    // Not reached while stream-counts is stuck: bounded, answers false.
    expect(await r.waitForPosition(head, 300)).toBe(false);
    const [failed] = (await r.status()).filter((s) => s.name === 'stream-counts');
    expect(failed?.state).toBe('failed');
    expect(failed?.lastError).toMatch(/poisoned event/);
    // Everything before the poisoned event is applied, nothing after it, and the checkpoint says exactly that.
    // (the last ThingHappened before it is two positions back: an OtherThingHappened sits in between)
    expect(failed?.position).toEqual({
      commit: poison.position.commit - 2,
      prepare: poison.position.prepare - 2,
    });
    const rows = await db.pool.query<{ total: number }>(
      'select sum(events)::int as total from stream_counts',
    );
    expect(rows.rows[0]?.total).toBe(12); // 3 streams x 4 ThingHappened
    expect(failed?.eventsHandled).toBe(12);

    poisoned = false;
    expect(await r.waitForPosition(head, 5000)).toBe(true);
    const [recovered] = (await r.status()).filter((s) => s.name === 'stream-counts');
    expect(recovered?.lastError).toBeNull();
    expect(recovered?.state).toBe('live');
    const total = await db.pool.query<{ total: number }>(
      'select sum(events)::int as total from stream_counts',
    );
    expect(total.rows[0]?.total).toBe(25);
  });

  it('after being killed in the middle of a catch-up, resumes to the same read model as a rebuild from scratch', async () => {
    const streams = 100;
    const perStream = 50;
    const head = await seed(store, streams, perStream);
    // node with tsx's loader, not the tsx CLI: the CLI runs the script in a grandchild that SIGKILL would miss.
    const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/testing/runner-child.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DB_URL: db.url, BATCH_SIZE: '25' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      // Kill it once it is well into the catch-up, while it keeps committing batches.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const rows = await readCheckpoints(db.pool, ['event-tally']).catch(() => []);
        if ((rows[0]?.eventsHandled ?? 0) >= 1000) break;
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`child did not progress: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      child.kill('SIGKILL');
      await exited;
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const killedAt = await readCheckpoints(db.pool, ['stream-counts', 'event-tally']);
    const handledAtKill = killedAt.map((c) => c.eventsHandled);
    expect(Math.min(...handledAtKill)).toBeGreaterThan(0);
    expect(Math.max(...handledAtKill)).toBeLessThan(streams * perStream);
    // Rows and checkpoint agree at the moment of the kill.
    const tallyAtKill = await db.pool.query<{ n: number }>(
      'select coalesce(sum(n), 0)::int as n from event_tally',
    );
    expect(tallyAtKill.rows[0]?.n).toBe(killedAt.find((c) => c.name === 'event-tally')?.eventsHandled);

    const r = runner();
    await r.start();
    expect(await r.waitForPosition(head, 30_000)).toBe(true);
    const resumed = await snapshot(db);
    expect(resumed).toEqual(expectedSnapshot(streams, perStream));
    // Exactly once: the event count across both processes is the number of events handled.
    expect((await r.status()).map((s) => s.eventsHandled)).toEqual([4000, 5000]);

    await r.stop();
    await r.rebuild();
    expect(await snapshot(db)).toEqual(resumed);
  }, 120_000);

  it('rebuild drops the read model, replays it and reports progress', async () => {
    const head = await seed(store, 10, 10);
    const r = runner({ batchSize: 30, rebuildBatchSize: 30 });
    await r.start();
    expect(await r.waitForPosition(head, 5000)).toBe(true);
    const before = await snapshot(db);
    await db.pool.query(`update stream_counts set events = 999`); // damage it

    const progress: { name: string; handled: number; total: number }[] = [];
    await r.rebuild('stream-counts', (p) => progress.push(p));
    expect(await snapshot(db)).toEqual(before);
    expect(progress[0]).toEqual({ name: 'stream-counts', handled: 0, total: 100 });
    expect(progress.at(-1)).toEqual({ name: 'stream-counts', handled: 100, total: 100 });
    expect(progress.length).toBeGreaterThan(3);

    // Still running live after the rebuild.
    const next = await store.append('s-0', [thing()], { expectedRevision: 9 });
    expect(await r.waitForPosition(next.position, 5000)).toBe(true);
    const counts = await snapshot(db);
    expect(counts.counts.find((c) => c.stream_id === 's-0')?.events).toBe(9);
    await expect(r.rebuild('nope')).rejects.toThrow(/Unknown projection/);
  });

  it('rebuild works without start (the CLI) and leaves nothing running', async () => {
    const head = await seed(store, 5, 10);
    const r = runner();
    await r.rebuild();
    expect(await snapshot(db)).toEqual(expectedSnapshot(5, 10));
    expect((await r.status()).map((s) => [s.state, s.position])).toEqual([
      ['stopped', head],
      ['stopped', head],
    ]);
  });

  it('rebuild replays without the deferred indexes and builds them at the end, also after a failed replay', async () => {
    await seed(store, 3, 10);
    const indexExists = async (q: Pick<TestDatabase['pool'], 'query'>) =>
      (await q.query("select 1 from pg_indexes where indexname = 'thing_rows_stream'")).rowCount === 1;
    const seenDuringReplay: boolean[] = [];
    let failAt = -1;
    let handled = 0;
    const projection: SqlProjection = {
      name: 'thing-rows',
      eventTypes: ['ThingHappened'],
      tables: ['thing_rows'],
      migrations: [
        'create table if not exists thing_rows (id uuid primary key, stream_id text not null)',
        'create index if not exists thing_rows_stream on thing_rows (stream_id)',
      ],
      rebuildDeferredIndexes: ['thing_rows_stream'],
      async handle(event, tx) {
        if (failAt >= 0 && handled++ >= failAt) throw new Error('replay failed');
        seenDuringReplay.push(await indexExists(tx));
        await tx.query('insert into thing_rows values ($1, $2) on conflict do nothing', [
          event.id,
          event.streamId,
        ]);
      },
    };
    const r = createProjectionRunner({
      store,
      pool: db.pool,
      projections: [projection],
      logger: quietLogger,
    });
    runners.push(r);
    await r.migrate();
    expect(await indexExists(db.pool)).toBe(true);

    await r.rebuild();
    expect(seenDuringReplay.length).toBe(24);
    expect(seenDuringReplay.every((exists) => !exists)).toBe(true);
    expect(await indexExists(db.pool)).toBe(true);
    expect((await db.pool.query('select count(*)::int as n from thing_rows')).rows[0].n).toBe(24);

    handled = 0;
    failAt = 5;
    await expect(r.rebuild()).rejects.toThrow();
    expect(await indexExists(db.pool)).toBe(true);
  });

  it('reports position and lag', async () => {
    const head = await seed(store, 4, 5);
    const r = runner();
    await r.migrate();
    const before = await r.status();
    expect(before.map((s) => [s.name, s.state, s.position, s.lagEvents])).toEqual([
      ['stream-counts', 'stopped', null, 20],
      ['event-tally', 'stopped', null, 20],
    ]);
    expect(before[0]?.lagSeconds).toBeGreaterThanOrEqual(0);
    await r.start();
    expect(await r.waitForPosition(head, 5000)).toBe(true);
    const after = await r.status();
    expect(after.map((s) => [s.position, s.lagEvents, s.lagSeconds, s.lastError])).toEqual([
      [head, 0, 0, null],
      [head, 0, 0, null],
    ]);
  });

  it('waitForPosition times out (false) when the projections are stopped, and sees other processes', async () => {
    const r = runner();
    await r.start();
    const first = await store.append('s-0', [thing()], { expectedRevision: 'no_stream' });
    expect(await r.waitForPosition(first.position, 5000)).toBe(true);
    await r.stop();
    const second = await store.append('s-0', [thing()], { expectedRevision: 0 });
    const started = Date.now();
    expect(await r.waitForPosition(second.position, 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    // A runner that never starts (an API process) sees the checkpoints another one writes.
    const observer = runner();
    const waiting = observer.waitForPosition(second.position, 5000);
    const worker = runner();
    await worker.start();
    expect(await waiting).toBe(true);
  });

  it('two runners on one database: one is active, the other passive until the first stops', async () => {
    const head = await seed(store, 10, 10);
    const a = runner();
    const b = runner();
    await a.start();
    await b.start();
    expect(await a.waitForPosition(head, 5000)).toBe(true);
    expect((await a.status()).map((s) => s.state)).toEqual(['live', 'live']);
    expect((await b.status()).map((s) => s.state)).toEqual(['passive', 'passive']);

    await a.stop();
    const more = await seed(store, 2, 5, 'more');
    expect(await b.waitForPosition(more, 5000)).toBe(true);
    expect((await b.status()).map((s) => s.state)).toEqual(['live', 'live']);
    const tally = await snapshot(db);
    expect(tally.tally).toEqual([
      { type: 'OtherThingHappened', n: 22 },
      { type: 'ThingHappened', n: 88 },
    ]);
  });

  it('an external projection gets batches in order and checkpoints after each', async () => {
    const head = await seed(store, 5, 10);
    const index = memoryIndex();
    const r = runner({ projections: [index], batchSize: 7 });
    await r.start();
    expect(await r.waitForPosition(head, 5000)).toBe(true);
    expect(index.docs.size).toBe(40);
    expect(index.batches).toBeGreaterThanOrEqual(6);
    await r.rebuild();
    expect(index.docs.size).toBe(40);
  });
});
