import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent, RecordedEvent } from '@jobs/contracts/eventstore';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db';
import { openEventStore } from './index';
import { createPostgresEventStore, migratePostgresEventStore } from './postgres';

const event = (type: string): NewEvent => ({
  id: crypto.randomUUID(),
  type,
  data: {},
  metadata: { actor: 'system', at: new Date().toISOString() },
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('PostgreSQL event store specifics', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('espg');
  });
  afterAll(async () => db.drop());

  it('runs its migrations concurrently and more than once without error', async () => {
    await Promise.all([
      migratePostgresEventStore(db.pool),
      migratePostgresEventStore(db.pool),
      migratePostgresEventStore(db.pool),
    ]);
    await migratePostgresEventStore(db.pool);
    const { rows } = await db.pool.query(
      "select count(*) as n from information_schema.tables where table_name = 'events'",
    );
    expect(rows[0].n).toBe(1);
  });

  it('openEventStore without a URL gives the migrated PostgreSQL store', async () => {
    const store = await openEventStore({ pool: db.pool });
    expect(store.kind).toBe('postgres');
    await store.ping();
    await store.close();
  });

  it('a subscriber on another connection pool sees appends at once (NOTIFY) and without NOTIFY (polling)', async () => {
    const otherPool = new pg.Pool({ connectionString: db.url, max: 4 });
    const reader = await createPostgresEventStore(otherPool);
    const quietWriter = await createPostgresEventStore(db.pool, { notify: false });
    const writer = await createPostgresEventStore(db.pool);
    const start = await reader.headPosition();
    const seen: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll({ after: start });
    const done = (async () => {
      for await (const e of subscription) seen.push(e);
    })();
    await writer.append('notified-1', [event('Notified')], { expectedRevision: 'no_stream' });
    await waitFor(() => seen.length === 1);
    await quietWriter.append('polled-1', [event('Polled')], { expectedRevision: 'no_stream' });
    await waitFor(() => seen.length === 2);
    expect(seen.map((e) => e.type)).toEqual(['Notified', 'Polled']);
    // Closing the store ends its open subscriptions and releases the LISTEN connection.
    await reader.close();
    await done;
    await otherPool.end();
  });

  it('idle subscriptions that LISTEN rarely ask PostgreSQL for the head; a notify still reaches them at once', async () => {
    await migratePostgresEventStore(db.pool);
    const otherPool = new pg.Pool({ connectionString: db.url, max: 8 });
    const reader = await createPostgresEventStore(otherPool);
    const writer = await createPostgresEventStore(db.pool);
    const start = await reader.headPosition();
    const seen: RecordedEvent[][] = [[], [], []];
    const subscriptions = seen.map((list) => {
      const subscription = reader.subscribeToAll({ after: start });
      const done = (async () => {
        for await (const e of subscription) list.push(e);
      })();
      return done;
    });
    // Let them catch up and settle into waiting (the LISTEN connection is up by then).
    await new Promise((r) => setTimeout(r, 1000));
    let queries = 0;
    const count = () => queries++;
    otherPool.on('acquire', count);
    await new Promise((r) => setTimeout(r, 2500));
    otherPool.off('acquire', count);
    // Polling every 500 ms, three subscriptions asked 15 times in 2.5 s; the safety net asks at most once each.
    expect(queries).toBeLessThanOrEqual(3);
    const before = Date.now();
    await writer.append('woken-1', [event('Woken')], { expectedRevision: 'no_stream' });
    await waitFor(() => seen.every((list) => list.some((e) => e.type === 'Woken')));
    expect(Date.now() - before).toBeLessThan(2000);
    await reader.close();
    await Promise.all(subscriptions);
    await otherPool.end();
  });

  it('skips the already stored events of a partly repeated batch', async () => {
    const store = await createPostgresEventStore(db.pool);
    const [a, b, c] = [event('A'), event('B'), event('C')];
    await store.append('partial', [a, b], { expectedRevision: 'no_stream' });
    const result = await store.append('partial', [b, c], { expectedRevision: 1 });
    expect(result.nextRevision).toBe(2);
    expect((await store.readStream('partial')).map((e) => e.id)).toEqual([a.id, b.id, c.id]);
  });

  it('rejects an empty append', async () => {
    const store = await createPostgresEventStore(db.pool);
    await expect(store.append('empty', [], { expectedRevision: 'any' })).rejects.toBeInstanceOf(TypeError);
  });

  it('reads several streams in one call, in revision order, missing ones empty', async () => {
    const store = await createPostgresEventStore(db.pool);
    const [a, b, c] = [event('A'), event('B'), event('C')];
    await store.append('many-1', [a, b], { expectedRevision: 'no_stream' });
    await store.append('many-2', [c], { expectedRevision: 'no_stream' });
    const streams = await store.readStreams!(['many-2', 'many-1', 'many-missing']);
    expect(streams.get('many-1')!.map((e) => [e.id, e.revision])).toEqual([
      [a.id, 0],
      [b.id, 1],
    ]);
    expect(streams.get('many-2')!.map((e) => e.id)).toEqual([c.id]);
    expect(streams.get('many-missing')).toEqual([]);
    expect((await store.readStreams!([])).size).toBe(0);
  });

  it.each([7, 1000])(
    'live subscriptions sharing the in-memory tail (%i events) each get every matching event once, in order',
    async (tailSize) => {
      // A small page: readers page through the tail, run past its end and (a tail of 7) fall behind its start;
      // with room for everything, the slow reader's head is older than the tail's end most of the time.
      const store = await createPostgresEventStore(db.pool, { tailSize, tailPage: 3 });
      const start = await store.headPosition();
      const collect = (types: string[] | undefined, delayMs: number, after = start) => {
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({ after, eventTypes: types });
        const done = (async () => {
          for await (const e of subscription) {
            seen.push(e);
            if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
          }
        })();
        return { seen, subscription, done };
      };
      const all = collect(undefined, 0);
      const onlyB = collect(['TailB'], 0);
      const slow = collect(['TailA', 'TailC'], 15);
      const types = ['TailA', 'TailB', 'TailC'];
      for (let i = 0; i < 40; i++) {
        const batch = Array.from({ length: 1 + (i % 4) }, (_, j) => event(types[(i + j) % 3]!));
        await store.append(`tail-${tailSize}-${i}`, batch, { expectedRevision: 'no_stream' });
        if (i % 5 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      const late = collect(['TailB', 'TailC'], 0);
      const written = (await store.readAll({ after: start })).filter((e) =>
        e.streamId.startsWith(`tail-${tailSize}-`),
      );
      const expected = (wanted?: string[]) =>
        written.filter((e) => !wanted || wanted.includes(e.type)).map((e) => e.id);
      await waitFor(
        () =>
          all.seen.length >= written.length &&
          onlyB.seen.length >= expected(['TailB']).length &&
          slow.seen.length >= expected(['TailA', 'TailC']).length &&
          late.seen.length >= expected(['TailB', 'TailC']).length,
      );
      await new Promise((r) => setTimeout(r, 100)); // nothing more, nothing twice
      expect(all.seen.map((e) => e.id)).toEqual(expected());
      expect(onlyB.seen.map((e) => e.id)).toEqual(expected(['TailB']));
      expect(slow.seen.map((e) => e.id)).toEqual(expected(['TailA', 'TailC']));
      expect(late.seen.map((e) => e.id)).toEqual(expected(['TailB', 'TailC']));
      expect(all.seen.map((e) => e.data)).toEqual(written.map(() => ({})));
      await store.close();
      await Promise.all([all.done, onlyB.done, slow.done, late.done]);
    },
  );
});
