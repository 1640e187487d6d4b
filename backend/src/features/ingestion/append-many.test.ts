import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventStore, type NewEvent } from '@jobs/contracts/eventstore';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db';
import { createPostgresEventStore, migratePostgresEventStore } from '../../eventstore/postgres';

// appendMany is what gives bulk ingestion one commit per batch; these pin the guarantees it relies on.
let db: TestDatabase;
let store: EventStore;

const event = (type = 'ThingHappened'): NewEvent => ({
  id: crypto.randomUUID(),
  type,
  data: { n: Math.random() },
  metadata: { actor: 'test', at: new Date().toISOString() },
});

beforeAll(async () => {
  db = await createTestDatabase('appendmany');
  await migratePostgresEventStore(db.pool);
  store = await createPostgresEventStore(db.pool);
});

afterAll(async () => {
  await store?.close();
  await db?.drop();
});

describe('PostgreSQL appendMany', () => {
  it('stores each event as given: data and metadata round-trip, text of any script, quotes and escapes', async () => {
    const data = [
      {
        text: 'Crème brûlée “quoted” \\ back\\slash "double" \'single\' \n\t 🚀 東京 Ελληνικά',
        n: 1.5,
        big: 2 ** 40,
      },
      { nested: { list: [1, 'two', null, true, { deep: [] }], empty: {} } },
      null,
      'a bare string',
    ];
    const events = data.map((d, i) => ({ ...event(`Typed${i}`), data: d }));
    const [result] = await store.appendMany!([
      { streamId: 'm-roundtrip', events, expectedRevision: 'no_stream' },
    ]);
    const read = await store.readStream('m-roundtrip');
    expect(read.map((e) => e.data)).toEqual(data);
    expect(read.map((e) => e.metadata)).toEqual(events.map((e) => e.metadata));
    expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(read.map((e) => e.type)).toEqual(['Typed0', 'Typed1', 'Typed2', 'Typed3']);
    expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    expect(read.at(-1)!.position).toEqual(result!.position);
  });

  it('appends to several streams at consecutive positions, answering per stream in input order', async () => {
    await store.append('m-b', [event()], { expectedRevision: 'no_stream' });
    const results = await store.appendMany!([
      { streamId: 'm-a', events: [event(), event()], expectedRevision: 'no_stream' },
      { streamId: 'm-b', events: [event()], expectedRevision: 0 },
    ]);
    expect(results.map((r) => r.nextRevision)).toEqual([1, 1]);
    expect(results[1]!.position.commit).toBe(results[0]!.position.commit + 1);
    expect((await store.readStream('m-a')).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('says which streams already held every event (stored by a concurrent writer), writing only the rest', async () => {
    const stored = [event(), event()];
    await store.append('m-dup', stored, { expectedRevision: 'no_stream' });
    const results = await store.appendMany!([
      { streamId: 'm-dup', events: stored, expectedRevision: 'no_stream' },
      { streamId: 'm-new', events: [event()], expectedRevision: 'no_stream' },
    ]);
    expect(results.map((r) => r.alreadyStored ?? false)).toEqual([true, false]);
    expect(await store.readStream('m-dup')).toHaveLength(2);
  });

  it('appends nothing when one stream is not at its expected revision', async () => {
    const head = await store.headPosition();
    await expect(
      store.appendMany!([
        { streamId: 'm-c', events: [event()], expectedRevision: 'no_stream' },
        { streamId: 'm-a', events: [event()], expectedRevision: 0 },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.headPosition()).toEqual(head);
    await expect(store.readStream('m-c')).rejects.toThrow();
  });

  it('is a no-op for events already stored, answering the original positions', async () => {
    const e = event();
    const first = await store.appendMany!([{ streamId: 'm-d', events: [e], expectedRevision: 'no_stream' }]);
    const again = await store.appendMany!([{ streamId: 'm-d', events: [e], expectedRevision: 'no_stream' }]);
    expect(again).toEqual(first.map((r) => ({ ...r, alreadyStored: true })));
    expect(await store.readStream('m-d')).toHaveLength(1);
  });

  it('rejects a stream named twice', async () => {
    await expect(
      store.appendMany!([
        { streamId: 'm-e', events: [event()], expectedRevision: 'no_stream' },
        { streamId: 'm-e', events: [event()], expectedRevision: 0 },
      ]),
    ).rejects.toBeInstanceOf(TypeError);
  });
});
