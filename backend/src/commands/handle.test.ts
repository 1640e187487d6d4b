import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventStore } from '@jobs/contracts/eventstore';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db';
import { createPostgresEventStore, migratePostgresEventStore } from '../eventstore/postgres';
import { handleCommand, type Decider } from './handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from './ids';
import { given } from './testing';

// A tiny decider: a posting that can be opened once, renamed while open, and closed once.
type Command = { type: 'Open'; title: string } | { type: 'Rename'; title: string } | { type: 'Close' };
type Event =
  | { type: 'Opened'; data: { title: string; at: string } }
  | { type: 'Renamed'; data: { title: string } }
  | { type: 'Closed'; data: Record<string, never> };
type State = { status: 'none' } | { status: 'open'; title: string } | { status: 'closed' };

class PostingClosedError extends Error {}

const posting: Decider<Command, Event, State> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'Opened':
      case 'Renamed':
        return { status: 'open', title: event.data.title };
      case 'Closed':
        return { status: 'closed' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state, { now }) {
    switch (command.type) {
      case 'Open':
        return state.status === 'none'
          ? [{ type: 'Opened', data: { title: command.title, at: now.toISOString() } }]
          : [];
      case 'Rename':
        if (state.status !== 'open') throw new PostingClosedError('not open');
        return state.title === command.title ? [] : [{ type: 'Renamed', data: { title: command.title } }];
      case 'Close':
        if (state.status !== 'open') throw new PostingClosedError('not open');
        return [{ type: 'Closed', data: {} }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

const now = new Date('2024-05-01T12:00:00.000Z');
const opened: Event = { type: 'Opened', data: { title: 'Engineer', at: now.toISOString() } };

describe('given/when/then helpers', () => {
  it('then() compares the decided events', () => {
    given(posting).when({ type: 'Open', title: 'Engineer' }, { now }).then([opened]);
    given(posting, [opened]).when({ type: 'Rename', title: 'Engineer' }).then([]);
    given(posting, [opened])
      .when({ type: 'Close' })
      .then([{ type: 'Closed', data: {} }]);
  });

  it('then() fails when the events differ', () => {
    expect(() => given(posting).when({ type: 'Open', title: 'Other' }, { now }).then([opened])).toThrow();
  });

  it('thenThrows() accepts an error class or a predicate, and fails when nothing is thrown', () => {
    const closed: Event[] = [opened, { type: 'Closed', data: {} }];
    given(posting, closed).when({ type: 'Close' }).thenThrows(PostingClosedError);
    given(posting, closed)
      .when({ type: 'Rename', title: 'x' })
      .thenThrows((e) => e instanceof Error && e.message === 'not open');
    expect(() => given(posting, closed).when({ type: 'Close' }).thenThrows(TypeError)).toThrow();
    expect(() => given(posting, [opened]).when({ type: 'Close' }).thenThrows(PostingClosedError)).toThrow();
  });
});

describe('uuidFromName', () => {
  it('matches RFC 9562 version 5 ids and is deterministic', () => {
    expect(uuidFromName('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
    expect(uuidFromName('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'job:greenhouse:123')).toBe(
      '0d01db89-e788-5f8f-9c28-dcf0b7417395',
    );
    expect(uuidFromName(JOBS_BOARD_NAMESPACE, 'a')).toBe(uuidFromName(JOBS_BOARD_NAMESPACE, 'a'));
    expect(uuidFromName(JOBS_BOARD_NAMESPACE, 'a')).not.toBe(uuidFromName(JOBS_BOARD_NAMESPACE, 'b'));
    expect(() => uuidFromName('not-a-uuid', 'a')).toThrow(TypeError);
  });
});

describe('handleCommand on the PostgreSQL event store', () => {
  let db: TestDatabase;
  let store: EventStore;
  const metadata = { actor: 'user:1', correlationId: 'c-1' };
  beforeAll(async () => {
    db = await createTestDatabase('cmd');
    await migratePostgresEventStore(db.pool);
    store = await createPostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('creates the stream, then appends at the revision read, stamping metadata with now', async () => {
    const first = await handleCommand(
      store,
      'posting-1',
      posting,
      { type: 'Open', title: 'Engineer' },
      { now, metadata },
    );
    expect(first.nextRevision).toBe(0);
    expect(first.position).not.toBeNull();
    expect(first.state).toEqual({ status: 'open', title: 'Engineer' });
    const second = await handleCommand(
      store,
      'posting-1',
      posting,
      { type: 'Rename', title: 'Lead' },
      { metadata },
    );
    expect(second.nextRevision).toBe(1);
    expect(second.state).toEqual({ status: 'open', title: 'Lead' });
    const read = await store.readStream('posting-1');
    expect(read.map((e) => e.type)).toEqual(['Opened', 'Renamed']);
    expect(read[0]?.metadata).toEqual({ ...metadata, at: now.toISOString() });
    expect(read[1]?.id).toBe(second.newEvents[0]?.id);
  });

  it('appends nothing when decide returns no events', async () => {
    const none = await handleCommand(
      store,
      'posting-1',
      posting,
      { type: 'Rename', title: 'Lead' },
      { metadata },
    );
    expect(none).toMatchObject({ newEvents: [], nextRevision: 1, position: null });
    expect(await store.readStream('posting-1')).toHaveLength(2);
  });

  it('reports nextRevision null when the stream does not exist and nothing is appended', async () => {
    const noop: Decider<Command, Event, State> = { ...posting, decide: () => [] };
    const result = await handleCommand(store, 'posting-never', noop, { type: 'Close' }, { metadata });
    expect(result).toMatchObject({
      newEvents: [],
      nextRevision: null,
      position: null,
      state: { status: 'none' },
    });
  });

  it("surfaces a client's stale expected revision as WrongExpectedVersionError and writes nothing", async () => {
    await handleCommand(store, 'posting-2', posting, { type: 'Open', title: 'A' }, { metadata });
    await handleCommand(
      store,
      'posting-2',
      posting,
      { type: 'Rename', title: 'B' },
      { metadata, expectedRevision: 0 },
    );
    await expect(
      handleCommand(
        store,
        'posting-2',
        posting,
        { type: 'Rename', title: 'C' },
        { metadata, expectedRevision: 0 },
      ),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream('posting-2')).toHaveLength(2);
  });

  it('lets exactly one of two concurrent commands win; the other gets WrongExpectedVersionError', async () => {
    await handleCommand(store, 'posting-3', posting, { type: 'Open', title: 'A' }, { metadata });
    const results = await Promise.allSettled([
      handleCommand(store, 'posting-3', posting, { type: 'Rename', title: 'B' }, { metadata }),
      handleCommand(store, 'posting-3', posting, { type: 'Rename', title: 'C' }, { metadata }),
      handleCommand(store, 'posting-3', posting, { type: 'Rename', title: 'D' }, { metadata }),
    ]);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    // Reads may interleave so that some commands read after the winner appended: at least one wins, no lost update.
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of rejected) expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
    const read = await store.readStream('posting-3');
    expect(read.map((e) => e.revision)).toEqual(Array.from({ length: read.length }, (_, i) => i));
    expect(read.length).toBe(1 + results.filter((r) => r.status === 'fulfilled').length);
  });

  it('with deterministic event ids, a retried command appends nothing twice', async () => {
    const eventId = (_e: Event, i: number) => uuidFromName(JOBS_BOARD_NAMESPACE, `posting-4:open:${i}`);
    const first = await handleCommand(
      store,
      'posting-4',
      posting,
      { type: 'Open', title: 'A' },
      { metadata, eventId, now },
    );
    expect(first.newEvents[0]?.id).toBe(eventId(opened, 0));
    // A retry that raced the first (read before it committed) re-appends the same ids: a no-op.
    const again = await store.append('posting-4', first.newEvents, { expectedRevision: 'no_stream' });
    expect(again.nextRevision).toBe(0);
    expect(await store.readStream('posting-4')).toHaveLength(1);
  });
});
