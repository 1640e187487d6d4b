/**
 * The event store port. Adapters live in backend/src/eventstore (PostgreSQL, EventStoreDB);
 * projections and search depend only on this file.
 */

/** A position in the global order ($all). PostgreSQL: commit = prepare = global sequence; EventStoreDB: the commit/prepare pair. */
export interface Position {
  commit: number;
  prepare: number;
}

export const START: Position | null = null;

export function comparePositions(a: Position, b: Position): number {
  return a.commit - b.commit || a.prepare - b.prepare;
}

/** 'no_stream': the stream must not exist; 'stream_exists': it must; 'any': no check; a number: the stream's current revision (0-based, the revision of its last event). */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface EventMetadata {
  /** The id of the command, request or event that caused this event. */
  causationId?: string;
  /** Groups everything one user action caused. */
  correlationId?: string;
  /** Who did it: `user:{id}`, `source:{id}`, `system`, `admin:{id}`. */
  actor: string;
  /** ISO time the command was decided. */
  at: string;
  [key: string]: unknown;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** A UUID; appending the same id again is a no-op. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 0-based revision of this event in its stream. */
  revision: number;
  position: Position;
  /** ISO time the store recorded the event. */
  recordedAt: string;
}

export interface AppendResult {
  /** The stream's revision after the append (the revision of its last event). */
  nextRevision: number;
  /** The global position of the last event appended (or of the existing event when the append was a no-op). */
  position: Position;
  /**
   * True when every event was already stored (by id), so this append wrote nothing: a retry, or a
   * concurrent writer that decided the same events first. A caller reporting what it changed must then
   * re-read rather than claim the change. Undefined when the adapter cannot tell (EventStoreDB).
   */
  alreadyStored?: boolean;
}

export interface StreamAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; null/undefined reads from the start. */
  after?: Position | null;
  maxCount?: number;
  /** Only these event types (others are skipped but still advance the reader). */
  eventTypes?: readonly string[];
}

export interface SubscribeOptions extends Omit<ReadAllOptions, 'maxCount'> {
  /** Called with the position reached even when no matching event was delivered (quiet periods, filtered events). */
  onCheckpoint?: (position: Position) => void | Promise<void>;
}

/** Catch up from a position, then follow live. Iterate with for await; close() ends the iteration. */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /**
   * Optional: appends to several streams in one atomic step (all or nothing), each with its own
   * expected revision; events already stored (by id) are skipped as in `append`. Results follow the
   * input order. Bulk ingestion uses it to pay one commit per batch instead of one per job; callers
   * fall back to `append` per stream when an adapter lacks it.
   */
  appendMany?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /**
   * Optional bulk read: every event of each named stream, in revision order (a missing stream maps to []).
   * Bulk ingestion reads a batch's streams in one round trip; callers fall back to `readStream` per stream.
   */
  readStreams?(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /** Throws StreamNotFoundError when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeOptions): AllSubscription;
  /**
   * Optional: how another thread of this process reads the store by itself (a build from every event cuts its
   * pages in worker threads, which then read their own pages instead of receiving them). Only for a store whose
   * commit positions are dense integers; null or absent when the store cannot be read that way.
   */
  rangeSource?(): EventRangeSource | null;
  /** Position of the newest event, or null when the store is empty. */
  headPosition(): Promise<Position | null>;
  /** How many events lie after the position (counted up to `limit`). */
  countAfter(position: Position | null, limit?: number): Promise<number>;
  /** Is the store reachable? */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A module another thread imports to read a store by ranges of positions (`EventStore.rangeSource`). */
export interface EventRangeSource {
  /** URL of a module exporting `openEventRangeReader(config: unknown): Promise<EventRangeReader>`. */
  module: string;
  /** Plain data (structured-cloneable) the module connects with. */
  config: unknown;
}

/** An event as a range reader gives it: what applying it needs, without its metadata and time. */
export type RangeEvent = Omit<RecordedEvent, 'metadata' | 'recordedAt'>;

export interface EventRangeReader {
  /** The events of these types whose commit position is in (after, upTo], in order. */
  read(after: number, upTo: number, eventTypes: readonly string[]): Promise<RangeEvent[]>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class StreamNotFoundError extends Error {
  readonly code = 'STREAM_NOT_FOUND';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} not found`);
    this.name = 'StreamNotFoundError';
  }
}
