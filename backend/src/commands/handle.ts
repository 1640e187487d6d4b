import crypto from 'node:crypto';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
} from '@jobs/contracts/eventstore';

export interface Decider<Command, Event extends { type: string; data: unknown }, State> {
  decide(command: Command, state: State, ctx: { now: Date }): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** EventMetadata without `at`, which is the command's `now`. (Omit<> would erase the named keys of an indexed type.) */
export interface CommandMetadata {
  causationId?: string;
  correlationId?: string;
  actor: string;
  [key: string]: unknown;
}

export interface HandleContext<Event> {
  now?: Date;
  metadata: CommandMetadata;
  /** Deterministic ids (see uuidFromName) make a retried command's append a no-op. Default: random. */
  eventId?: (event: Event, index: number) => string;
  /** The revision a client last saw: if the stream is elsewhere now, WrongExpectedVersionError. */
  expectedRevision?: number;
}

export interface HandleResult<Event extends { type: string; data: unknown }, State> {
  newEvents: NewEvent<Event['type'], Event['data']>[];
  /** The stream's revision after the command; null when the stream does not exist and nothing was appended. */
  nextRevision: number | null;
  /** The global position of the last appended event, for read-your-writes; null when nothing was appended. */
  position: Position | null;
  state: State;
}

/** Read the stream, fold it, decide, append with the revision read. Conflicts surface as WrongExpectedVersionError. */
export async function handleCommand<Command, Event extends { type: string; data: unknown }, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  ctx: HandleContext<Event>,
): Promise<HandleResult<Event, State>> {
  const recorded = await store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });
  // The stream holds only events of this decider, so the stored type/data pairs are its Event union.
  let state = recorded.reduce(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
    decider.initialState(),
  );
  const revision = recorded.at(-1)?.revision ?? null;
  if (ctx.expectedRevision !== undefined && ctx.expectedRevision !== revision) {
    throw new WrongExpectedVersionError(streamId, ctx.expectedRevision, revision ?? 'no_stream');
  }

  const now = ctx.now ?? new Date();
  const events = decider.decide(command, state, { now });
  if (events.length === 0) return { newEvents: [], nextRevision: revision, position: null, state };

  const metadata: EventMetadata = { ...ctx.metadata, at: now.toISOString() };
  const newEvents = events.map((e, i) => ({
    id: ctx.eventId?.(e, i) ?? crypto.randomUUID(),
    type: e.type as Event['type'],
    data: e.data as Event['data'],
    metadata,
  }));
  const result = await store.append(streamId, newEvents, { expectedRevision: revision ?? 'no_stream' });
  state = events.reduce((s, e) => decider.evolve(s, e), state);
  return { newEvents, nextRevision: result.nextRevision, position: result.position, state };
}
