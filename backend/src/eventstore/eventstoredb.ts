import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  eventTypeFilter,
  excludeSystemEvents,
  isCommandError,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AppendExpectedRevision,
  type Filter,
  type JSONType,
  type Position as EsdbPosition,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  comparePositions,
  type AllSubscription,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '@jobs/contracts/eventstore';

/**
 * The event store on EventStoreDB (client v6). Streams map one to one; positions are the server's
 * commit/prepare pair. The v6 client filters only subscriptions on the server, so $all reads skip
 * system events (types starting with `$`) and unwanted types here, paging explicitly.
 */

const PAGE_SIZE = 500;
/** Events buffered from a subscription before we pause it until the consumer catches up. */
const HIGH_WATER = 1000;

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
}

const toPosition = (p: EsdbPosition): Position => ({ commit: Number(p.commit), prepare: Number(p.prepare) });
const toEsdbPosition = (p: Position): EsdbPosition => ({
  commit: BigInt(p.commit),
  prepare: BigInt(p.prepare),
});

function isSystemEvent(e: { type: string }): boolean {
  return e.type.startsWith('$');
}

function decodeData(e: EsdbRecordedEvent): unknown {
  return e.isJson ? e.data : JSON.parse(Buffer.from(e.data as Uint8Array).toString('utf8'));
}

function toRecorded(e: EsdbRecordedEvent, position: EsdbPosition): RecordedEvent {
  return {
    id: e.id,
    type: e.type,
    data: decodeData(e),
    metadata: (e.metadata ?? {}) as EventMetadata,
    streamId: e.streamId,
    revision: Number(e.revision),
    position: toPosition(position),
    recordedAt: e.created.toISOString(),
  };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isEsdbError(err: unknown, type: ErrorType): boolean {
  return isCommandError(err as Error) && (err as { type?: unknown }).type === type;
}

/**
 * KurrentDB (EventStoreDB's new name) speaks the same protocol, and its docs write `kurrentdb://` / `kdb://`
 * (`+discover` for gossip); @eventstore/db-client 6 parses only `esdb://` and `esdb+discover://`.
 */
export function toEsdbConnectionString(url: string): string {
  return url.replace(/^(?:kurrentdb|kdb)(\+discover)?:\/\//i, (_all, discover: string | undefined) =>
    discover ? 'esdb+discover://' : 'esdb://',
  );
}

export async function createEventStoreDbStore(connectionString: string): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(toEsdbConnectionString(connectionString));
  const subscriptions = new Set<AllSubscription>();

  /** One page of $all, with positions; the server treats fromPosition as inclusive, callers skip it. */
  async function readAllPage(fromPosition: ReadPosition, direction: typeof FORWARDS | typeof BACKWARDS) {
    const page: AllStreamRecordedEvent[] = [];
    for await (const resolved of client.readAll({ fromPosition, direction, maxCount: PAGE_SIZE })) {
      if (resolved.event) page.push(resolved.event);
    }
    return page;
  }

  /** Non-system events strictly after `after`, in order, until `keep` says stop. */
  async function scanForward(
    after: Position | null,
    visit: (e: AllStreamRecordedEvent) => boolean,
  ): Promise<void> {
    let from: ReadPosition = after ? toEsdbPosition(after) : START;
    for (;;) {
      const page = await readAllPage(from, FORWARDS);
      for (const e of page) {
        if (after && comparePositions(toPosition(e.position), after) <= 0) continue;
        after = toPosition(e.position);
        if (!isSystemEvent(e) && !visit(e)) return;
      }
      if (page.length < PAGE_SIZE || !after) return;
      from = toEsdbPosition(after);
    }
  }

  async function readAll(opts: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const types = opts.eventTypes ? new Set(opts.eventTypes) : null;
    const max = opts.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    if (max <= 0) return out;
    await scanForward(opts.after ?? null, (e) => {
      if (!types || types.has(e.type)) out.push(toRecorded(e, e.position));
      return out.length < max;
    });
    return out;
  }

  function subscribeToAll(opts: SubscribeOptions = {}): AllSubscription {
    type Item = { event: RecordedEvent } | { checkpoint: Position } | { error: unknown };
    const queue: Item[] = [];
    let closed = false;
    let wake: () => void = () => undefined;
    const push = (item: Item) => {
      queue.push(item);
      if (queue.length >= HIGH_WATER) subscription.pause();
      wake();
    };

    // Checkpoints must reach the consumer after the events before them, or it could store a position
    // past events it has not handled: so they travel through the same queue, once the stream's own
    // buffer has been flushed into it.
    const checkpointReached = async (_: unknown, position: EsdbPosition) => {
      while (subscription.readableLength > 0 && !closed) await new Promise((r) => setImmediate(r));
      push({ checkpoint: toPosition(position) });
    };
    const filter: Filter = opts.eventTypes
      ? eventTypeFilter({ regex: `^(?:${opts.eventTypes.map(escapeRegex).join('|')})$`, checkpointReached })
      : excludeSystemEvents({ checkpointReached });
    // fromPosition is exclusive for catch-up subscriptions.
    const subscription = client.subscribeToAll({
      fromPosition: opts.after ? toEsdbPosition(opts.after) : START,
      filter,
    });
    subscription.on('data', (resolved) => {
      const e = resolved.event;
      if (e && !isSystemEvent(e)) push({ event: toRecorded(e, e.position) });
    });
    subscription.on('error', (error) => push({ error }));
    // Ended by the server or the network, not by close(): fail the iteration so its owner can resubscribe.
    subscription.on('close', () => {
      if (!closed) push({ error: new Error('EventStoreDB subscription ended unexpectedly') });
    });

    async function* run(): AsyncGenerator<RecordedEvent> {
      while (!closed) {
        const item = queue.shift();
        if (!item) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = () => undefined;
          continue;
        }
        if (queue.length < HIGH_WATER / 2 && subscription.isPaused()) subscription.resume();
        if ('error' in item) throw item.error;
        if ('checkpoint' in item) await opts.onCheckpoint?.(item.checkpoint);
        else yield item.event;
      }
    }

    const generator = run();
    const handle: AllSubscription = {
      [Symbol.asyncIterator]: () => generator,
      async close() {
        if (closed) return;
        closed = true;
        subscriptions.delete(handle);
        wake();
        await subscription.unsubscribe();
        await generator.return(undefined);
      },
    };
    subscriptions.add(handle);
    return handle;
  }

  return {
    kind: 'eventstoredb',

    async append(streamId: string, events: readonly NewEvent[], { expectedRevision }) {
      if (events.length === 0) throw new TypeError('append needs at least one event');
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((e) =>
            jsonEvent({
              id: e.id,
              type: e.type,
              // The client serialises any JSON value; its type only names objects, arrays and strings.
              data: (e.data ?? null) as JSONType,
              metadata: e.metadata as Record<string, unknown>,
            }),
          ),
          { expectedRevision: toEsdbRevision(expectedRevision) },
        );
        if (!result.position)
          throw new Error(`EventStoreDB returned no position for an append to ${streamId}`);
        return { nextRevision: Number(result.nextExpectedRevision), position: toPosition(result.position) };
      } catch (err) {
        if (isEsdbError(err, ErrorType.WRONG_EXPECTED_VERSION)) {
          const actual = (err as { actualVersion?: unknown }).actualVersion;
          throw new WrongExpectedVersionError(
            streamId,
            expectedRevision,
            typeof actual === 'bigint' ? Number(actual) : 'no_stream',
          );
        }
        throw err;
      }
    },

    async readStream(streamId, opts = {}) {
      const out: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, {
          fromRevision: opts.fromRevision ? BigInt(opts.fromRevision) : START,
          ...(opts.maxCount !== undefined ? { maxCount: opts.maxCount } : {}),
        })) {
          const e = resolved.event;
          // Stream reads carry the $all position on recent servers; 0/0 where one does not.
          if (e) out.push(toRecorded(e, e.position ?? { commit: 0n, prepare: 0n }));
        }
      } catch (err) {
        if (isEsdbError(err, ErrorType.STREAM_NOT_FOUND)) throw new StreamNotFoundError(streamId);
        throw err;
      }
      if (out.length === 0 && !opts.fromRevision) throw new StreamNotFoundError(streamId);
      return out;
    },

    readAll,
    subscribeToAll,

    async headPosition() {
      let from: ReadPosition = END;
      for (;;) {
        const page = await readAllPage(from, BACKWARDS);
        const found = page.find((e) => !isSystemEvent(e));
        if (found) return toPosition(found.position);
        const last = page.at(-1);
        if (page.length < PAGE_SIZE || !last) return null;
        from = last.position; // inclusive: that event is read again and skipped as a system event
      }
    },

    async countAfter(position, limit) {
      let n = 0;
      const max = limit ?? Number.POSITIVE_INFINITY;
      if (max <= 0) return 0;
      await scanForward(position, () => ++n < max);
      return n;
    },

    async ping() {
      for await (const resolved of client.readAll({ fromPosition: START, maxCount: 1 })) void resolved;
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
}
