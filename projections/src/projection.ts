import type pg from 'pg';
import type { RecordedEvent } from '@jobs/contracts/eventstore';

interface ProjectionBase {
  /** Unique; the checkpoint row and the advisory lock are keyed by it. */
  name: string;
  /** The event types handled; the subscription filters on them (others still advance the checkpoint). */
  eventTypes: readonly string[];
  /**
   * Optional work on a rebuild's page as soon as it is read, while the page before it is still being applied: CPU in
   * this process that does not depend on the read model (the duplicate check's fingerprints), so it overlaps the
   * database's work on the page before instead of following it. Must let the event loop run often (the page being
   * applied needs it for each round trip). Only a hint: the handlers must give the same result without it, and a
   * failure here is ignored.
   */
  prepare?(events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * A read model in the runner's PostgreSQL database. `handle` runs inside the batch transaction that
 * also moves the checkpoint, so a crash never applies an event twice or skips one.
 */
export interface SqlProjection extends ProjectionBase {
  kind?: 'sql';
  /** SQL creating the read model, run in order at every start (so each must be idempotent: `if not exists`). */
  migrations?: readonly string[];
  /** Tables dropped on rebuild (before the migrations run again). */
  tables?: readonly string[];
  /**
   * Indexes a rebuild drops while it replays and builds once at the end (by running the migrations again, which must
   * create them). Only indexes the handlers never look rows up by: a handler's lookup would scan the table instead.
   */
  rebuildDeferredIndexes?: readonly string[];
  handle(event: RecordedEvent, tx: pg.PoolClient): Promise<void>;
  /**
   * Optional set-based path: applies a whole batch (in order) inside the batch transaction, e.g. one
   * multi-row insert instead of one statement per event. When present the runner calls it instead of
   * `handle`; when a batch fails the runner retries event by event, calling it with one event at a time.
   */
  handleBatch?(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void>;
  /**
   * A rebuild's own path (issue 26): the read model starts empty and nothing reads it until the end, so a page may be
   * folded in memory and written with COPY, leaving what depends on every row (counts) to `finish`. Without it a
   * rebuild uses `handleBatch`. The result must be the same rows the live path builds from the same events.
   */
  rebuild?: {
    /** Applies a page of the rebuild (in order), inside the page's transaction. */
    handlePage(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void>;
    /** After the last page (also after a failed replay), in one transaction: computes what the pages left out. */
    finish(tx: pg.PoolClient): Promise<void>;
  };
}

/**
 * A read model outside the database's transaction (e.g. the Meilisearch index). The runner calls
 * `handleBatch` and writes the checkpoint after it resolves; a crash in between replays the batch, so
 * the target must apply it idempotently (upsert by id).
 */
export interface ExternalProjection extends ProjectionBase {
  kind: 'external';
  /** Run at start (e.g. create the index and its settings); must be idempotent. */
  setup?(): Promise<void>;
  /** Run on rebuild before the replay (e.g. delete every document). */
  reset?(): Promise<void>;
  /** Run on rebuild after the replay, also after a failed one (e.g. build the indexes `reset` set aside). */
  afterRebuild?(): Promise<void>;
  handleBatch(events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Optional, around a bulk load into the running projection (the runner's `bulkLoad`, a seed on an empty board):
   * 'begin' may set aside what only reads need and costs per row (secondary indexes, counts), 'end' (after the
   * projection caught up) builds it once. Writes between must give the same read model as without.
   */
  bulkLoad?(phase: 'begin' | 'end'): Promise<void>;
}

export type Projection = SqlProjection | ExternalProjection;

export function isExternalProjection(projection: Projection): projection is ExternalProjection {
  return projection.kind === 'external';
}
