import type pg from 'pg';
import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '@jobs/contracts/eventstore';
import { isExternalProjection, type Projection, type SqlProjection } from './projection';
import {
  advanceCheckpoint,
  BEGIN_PROJECTION_TRANSACTION,
  deferIndexes,
  LostLockError,
  lockKey,
  migrateProjections,
  readCheckpoints,
  recordFailure,
  resetCheckpoint,
  restoreIndexes,
  writeCheckpoint,
  type CheckpointRow,
} from './checkpoints';
import { Wakeup, sleep } from './wakeup';

/**
 * Runs projections: each catches up from its checkpoint, then follows the store live. A SQL
 * projection's rows and its checkpoint commit in one transaction per batch; an external one
 * checkpoints after its batch resolves. One process runs a given projection at a time (a session
 * advisory lock); the others stay passive and take over when it goes away.
 */

export type ProjectionState = 'catching-up' | 'live' | 'stopped' | 'failed' | 'passive';

export interface ProjectionStatus {
  name: string;
  /** The checkpoint: every event up to it is in the read model (null: nothing yet). */
  position: Position | null;
  eventsHandled: number;
  /** Events in the store after the checkpoint (all types, counted up to 1,000,000). */
  lagEvents: number;
  /** How long the oldest event after the checkpoint has been waiting (0 when there is none). */
  lagSeconds: number;
  state: ProjectionState;
  lastError: string | null;
}

export interface RebuildProgress {
  name: string;
  /** Events read so far (of every type: the ones the projection ignores count too, like in `total`). */
  handled: number;
  total: number;
}

/** Compatible with pino's logger. */
export interface ProjectionLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ProjectionRunnerOptions {
  store: EventStore;
  pool: pg.Pool;
  projections: readonly Projection[];
  logger?: ProjectionLogger;
  /** Most events per transaction (default 500). */
  batchSize?: number;
  /** Most events per transaction in a rebuild (default 5,000: fewer round trips and commits; nothing waits on it). */
  rebuildBatchSize?: number;
  /** How often a passive runner tries to take over, and a failed connection is retried (default 5000 ms). */
  lockRetryMs?: number;
  /** Back-off after a failure: doubles from `initialMs` up to `maxMs` (default 1 s to 60 s). */
  retryBackoff?: { initialMs: number; maxMs: number };
  /** How long rebuild waits for another process to let go of the projection (default 10 s). */
  rebuildLockWaitMs?: number;
  /** How often waitForPosition polls the checkpoints written by other processes (default 50 ms). */
  waitPollMs?: number;
  /**
   * A projection this many events (of every type) or more behind the store's head applies them in bulk: pages of
   * `bulkBatchSize` of its own event types read straight from the store, one transaction each, as a rebuild does,
   * instead of the live subscription's batches of `batchSize` (default 5,000; Infinity: never).
   */
  bulkThreshold?: number;
  /** Most events per transaction while far behind (default `rebuildBatchSize`). */
  bulkBatchSize?: number;
  /** How often a live projection checks whether it fell `bulkThreshold` behind (default 2,000 ms). */
  bulkCheckMs?: number;
}

export interface ProjectionRunner {
  /** Runs the migrations, takes the locks it can and starts those projections. */
  start(): Promise<void>;
  /** Stops every projection after its current batch and lets go of the locks. */
  stop(): Promise<void>;
  status(): Promise<ProjectionStatus[]>;
  /**
   * Read-your-writes: true once the checkpoint of every projection (or of the named ones) is at or
   * past `position`, false after `timeoutMs`. Reads the checkpoints in the database, so it sees
   * projections run by other processes.
   */
  waitForPosition(position: Position | null, timeoutMs: number, names?: readonly string[]): Promise<boolean>;
  /** Drops the read model(s), resets the checkpoint(s), migrates and replays up to the current head. */
  rebuild(name?: string, onProgress?: (progress: RebuildProgress) => void): Promise<void>;
  /** Creates the checkpoints table and runs the projections' migrations (start does it too). */
  migrate(): Promise<void>;
  /**
   * A bulk load into the running read models (a seed of many jobs on an empty board; issue 26): 'begin' sets aside
   * what the projections maintain row by row for reads only (the SQL projections' `rebuildDeferredIndexes`, an
   * external projection's own `bulkLoad`: the search index's secondary indexes and counts); 'end', once the caller
   * waited for the read models to pass the load, builds each once. Only when this process runs every projection
   * (false otherwise: then 'end' does nothing); reads in between are slower, not different. A process that dies in
   * between leaves them to the next start's migrations.
   */
  bulkLoad(phase: 'begin' | 'end'): Promise<boolean>;
}

type Item = { kind: 'event'; event: RecordedEvent } | { kind: 'checkpoint'; position: Position };

interface Worker {
  projection: Projection;
  types: ReadonlySet<string>;
  state: ProjectionState;
  lastError: string | null;
  /** The checkpoint as this process last wrote or read it (undefined: not loaded). */
  position: Position | null | undefined;
  hasLock: boolean;
  /** The lock attempt in flight: session locks are re-entrant, so two attempts would need two unlocks. */
  acquiring: Promise<boolean> | null;
  rebuilding: boolean;
  abort: AbortController | null;
  loop: Promise<void> | null;
}

const silentLogger: ProjectionLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: (obj, msg) => console.error(msg, obj),
};

function itemPosition(item: Item): Position {
  return item.kind === 'event' ? item.event.position : item.position;
}

function isAfter(a: Position, b: Position | null | undefined): boolean {
  return !b || comparePositions(a, b) > 0;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { store, pool } = options;
  const logger = options.logger ?? silentLogger;
  const batchSize = options.batchSize ?? 500;
  const rebuildBatchSize = options.rebuildBatchSize ?? Math.max(batchSize, 5000);
  const lockRetryMs = options.lockRetryMs ?? 5000;
  const backoff = options.retryBackoff ?? { initialMs: 1000, maxMs: 60_000 };
  const rebuildLockWaitMs = options.rebuildLockWaitMs ?? 10_000;
  const waitPollMs = options.waitPollMs ?? 50;
  const bulkThreshold = options.bulkThreshold ?? 5000;
  const bulkBatchSize = options.bulkBatchSize ?? rebuildBatchSize;
  const bulkCheckMs = options.bulkCheckMs ?? 2000;

  const names = new Set<string>();
  for (const p of options.projections) {
    if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
    names.add(p.name);
  }
  const workers = options.projections.map<Worker>((projection) => ({
    projection,
    types: new Set(projection.eventTypes),
    state: 'stopped',
    lastError: null,
    position: undefined,
    hasLock: false,
    acquiring: null,
    rebuilding: false,
    abort: null,
    loop: null,
  }));
  const checkpointMoved = new Wakeup();

  let started = false;
  /** The projections a bulk load set aside indexes of ('begin' done, 'end' not yet). */
  let bulkLoading: Projection[] | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let lockClient: pg.PoolClient | null = null;
  let connectingLock: Promise<pg.PoolClient> | null = null;

  // ---- the lock connection: one session holds the advisory lock of every projection this process runs

  function onLockConnectionLost(client: pg.PoolClient, err: unknown) {
    if (lockClient !== client) return;
    lockClient = null;
    client.release(err instanceof Error ? err : true);
    logger.warn({ err: errorMessage(err) }, 'projections: lost the lock connection; going passive');
    for (const w of workers) {
      if (!w.hasLock) continue;
      w.hasLock = false;
      w.abort?.abort();
      w.state = 'passive';
    }
  }

  function lockConnection(): Promise<pg.PoolClient> {
    if (lockClient) return Promise.resolve(lockClient);
    connectingLock ??= (async () => {
      try {
        const client = await pool.connect();
        client.on('error', (err) => onLockConnectionLost(client, err));
        lockClient = client;
        return client;
      } finally {
        connectingLock = null;
      }
    })();
    return connectingLock;
  }

  /** Takes the projection's lock unless this process holds it already; true when it holds it. */
  function acquire(w: Worker): Promise<boolean> {
    w.acquiring ??= (async () => {
      try {
        if (w.hasLock) return true;
        const client = await lockConnection();
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
          lockKey(w.projection.name),
        ]);
        w.hasLock = rows[0]?.ok === true;
        return w.hasLock;
      } finally {
        w.acquiring = null;
      }
    })();
    return w.acquiring;
  }

  async function unlock(w: Worker): Promise<void> {
    if (!w.hasLock) return;
    w.hasLock = false;
    await lockClient
      ?.query('select pg_advisory_unlock($1)', [lockKey(w.projection.name)])
      .catch(() => undefined);
  }

  // ---- applying a batch

  async function applyBatch(w: Worker, items: readonly Item[], rebuilding = false): Promise<void> {
    let last: Position | null = null;
    for (const item of items) {
      const p = itemPosition(item);
      if (!last || comparePositions(p, last) > 0) last = p;
    }
    if (!last || !isAfter(last, w.position)) return;
    const from = w.position ?? null;
    const events = items.flatMap((i) =>
      i.kind === 'event' && w.types.has(i.event.type) && isAfter(i.event.position, from) ? [i.event] : [],
    );
    const projection = w.projection;

    if (isExternalProjection(projection)) {
      if (events.length > 0) await projection.handleBatch(events);
      await advanceCheckpoint(pool, projection.name, from, last, events.length);
    } else if (events.length === 0) {
      await advanceCheckpoint(pool, projection.name, from, last, 0);
    } else {
      try {
        await applySqlBatch(projection, events, from, last, rebuilding);
      } catch (err) {
        if (events.length === 1 || err instanceof LostLockError) throw err;
        // Pin the failing event down: apply the events one per transaction; the one that fails again
        // stops the projection with the events before it applied. A transient fault just passes.
        for (const item of items) await applyBatch(w, [item], rebuilding);
        return;
      }
    }
    w.position = last;
    if (w.lastError) {
      w.lastError = null;
      if (w.state === 'failed') w.state = 'catching-up';
    }
    checkpointMoved.notifyAll();
  }

  async function applySqlBatch(
    projection: SqlProjection,
    events: readonly RecordedEvent[],
    from: Position | null,
    to: Position,
    rebuilding = false,
  ): Promise<void> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(BEGIN_PROJECTION_TRANSACTION);
      // First: it locks the checkpoint row, and fails fast if another process moved it.
      await writeCheckpoint(client, projection.name, from, to, events.length);
      if (rebuilding && projection.rebuild) {
        try {
          await projection.rebuild.handlePage(events, client);
        } catch (err) {
          throw new ProjectionHandlerError(projection.name, events[0]!, err);
        }
      } else if (projection.handleBatch) {
        try {
          await projection.handleBatch(events, client);
        } catch (err) {
          throw new ProjectionHandlerError(projection.name, events[0]!, err);
        }
      } else {
        for (const event of events) {
          try {
            await projection.handle(event, client);
          } catch (err) {
            throw new ProjectionHandlerError(projection.name, event, err);
          }
        }
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  // ---- following the store

  /** Catches up from the stored checkpoint, then follows live; returns when aborted, throws on failure. */
  async function follow(w: Worker, signal: AbortSignal): Promise<void> {
    const [row] = await readCheckpoints(pool, [w.projection.name]);
    w.position = row?.position ?? null;
    // Far behind (a bulk load, a restart after one): big pages straight from the store until near the head, then
    // the live subscription, which hands back here when the projection falls that far behind again.
    while (!signal.aborted) {
      await catchUpInBulk(w, signal);
      if (signal.aborted || (await followLive(w, signal)) !== 'far-behind') return;
    }
  }

  /** Whether the projection is `bulkThreshold` events or more behind the store's head. */
  async function farBehind(w: Worker): Promise<boolean> {
    if (!Number.isFinite(bulkThreshold)) return false;
    return (await store.countAfter(w.position ?? null, bulkThreshold)) >= bulkThreshold;
  }

  /**
   * Applies the events in pages of `bulkBatchSize` of the projection's own types (the next page read while this one
   * is applied), one transaction a page, until fewer than `bulkThreshold` events are left: the set-based handlers
   * then see thousands of events at once, and the checkpoint moves once a page.
   */
  async function catchUpInBulk(w: Worker, signal: AbortSignal): Promise<void> {
    if (!(await farBehind(w))) return;
    if (w.state !== 'failed') w.state = 'catching-up';
    logger.info({ projection: w.projection.name }, 'projection far behind: applying events in bulk');
    const eventTypes = [...w.types];
    for (;;) {
      // Read before the page: every event up to it is committed, so a short page means the projection reached it.
      const head = await store.headPosition();
      if (!head || !isAfter(head, w.position)) return;
      const events = eventTypes.length
        ? await store.readAll({ after: w.position ?? null, maxCount: bulkBatchSize, eventTypes })
        : [];
      if (signal.aborted) return;
      const items: Item[] = events.map((event) => ({ kind: 'event', event }));
      const full = events.length === bulkBatchSize;
      if (!full) items.push({ kind: 'checkpoint', position: head });
      await applyBatch(w, items);
      if (signal.aborted || !full || !(await farBehind(w))) return;
    }
  }

  /** Follows the store live; 'far-behind' when it fell `bulkThreshold` behind (the caller catches up in bulk). */
  async function followLive(w: Worker, signal: AbortSignal): Promise<'far-behind' | undefined> {
    const target = await store.headPosition();
    let live = !target || !isAfter(target, w.position);
    if (w.state !== 'failed') w.state = live ? 'live' : 'catching-up';
    let checkedAt = performance.now();

    const queue: Item[] = [];
    const arrived = new Wakeup();
    const drained = new Wakeup();
    let pumpDone = false;
    let pumpError: unknown = null;
    /** Set when this function returns (aborted, failed or far behind): the pump must stop waiting for room. */
    let leaving = false;
    const subscription = store.subscribeToAll({
      after: w.position,
      eventTypes: w.projection.eventTypes,
      onCheckpoint: (position) => {
        queue.push({ kind: 'checkpoint', position });
        arrived.notifyAll();
      },
    });
    const onAbort = () => {
      arrived.notifyAll();
      drained.notifyAll();
    };
    signal.addEventListener('abort', onAbort);
    const pump = (async () => {
      try {
        for await (const event of subscription) {
          queue.push({ kind: 'event', event });
          arrived.notifyAll();
          while (queue.length >= batchSize * 2 && !signal.aborted && !leaving) await drained.wait(1000);
          if (signal.aborted || leaving) break;
        }
      } catch (err) {
        pumpError = err;
      } finally {
        pumpDone = true;
        arrived.notifyAll();
      }
    })();

    try {
      while (!signal.aborted) {
        if (queue.length === 0) {
          if (pumpError) throw pumpError;
          if (pumpDone) throw new Error('the subscription ended');
          const woken = await arrived.wait(1000);
          // A subscription with nothing to deliver for a second has caught up.
          if (!woken && queue.length === 0 && !live && w.state !== 'failed') {
            live = true;
            w.state = 'live';
          }
          continue;
        }
        // Let the subscription hand over what it already has, so a batch takes it all.
        await new Promise((resolve) => setImmediate(resolve));
        let take = 0;
        let eventsTaken = 0;
        while (take < queue.length && eventsTaken < batchSize) {
          if (queue[take]?.kind === 'event') eventsTaken++;
          take++;
        }
        const batch = queue.splice(0, take);
        drained.notifyAll();
        await applyBatch(w, batch);
        if (!live && target && w.position && !isAfter(target, w.position)) live = true;
        if (w.state === 'catching-up' && live) w.state = 'live';
        // A full queue after a batch means the store runs ahead of this projection: check now and then how far.
        if (queue.length >= batchSize && performance.now() - checkedAt >= bulkCheckMs) {
          checkedAt = performance.now();
          if (await farBehind(w)) return 'far-behind';
        }
      }
      return undefined;
    } finally {
      leaving = true;
      signal.removeEventListener('abort', onAbort);
      drained.notifyAll();
      await subscription.close().catch(() => undefined);
      await pump;
    }
  }

  async function runLoop(w: Worker, signal: AbortSignal): Promise<void> {
    let attempt = 0;
    /** The checkpoint at the last failure: a failure after progress past it starts the back-off again. */
    let failedAt: number | null | undefined;
    while (!signal.aborted) {
      try {
        await follow(w, signal);
        return;
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof LostLockError) {
          logger.warn({ projection: w.projection.name }, err.message);
          await unlock(w);
          w.state = 'passive';
          return;
        }
        w.state = 'failed';
        w.lastError = errorMessage(err);
        await recordFailure(pool, w.projection.name, w.lastError).catch(() => undefined);
        const at = w.position?.commit ?? null;
        if (failedAt !== undefined && at !== failedAt) attempt = 0;
        failedAt = at;
        const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt);
        attempt++;
        logger.error(
          { projection: w.projection.name, err: w.lastError, retryInMs: delay },
          'projection failed; retrying from its checkpoint',
        );
        await sleep(delay, signal);
      }
    }
  }

  function startLoop(w: Worker) {
    if (w.loop) return;
    const abort = new AbortController();
    w.abort = abort;
    w.loop = runLoop(w, abort.signal).finally(() => {
      if (w.abort === abort) {
        w.abort = null;
        w.loop = null;
      }
    });
  }

  async function stopLoop(w: Worker): Promise<void> {
    w.abort?.abort();
    await w.loop;
  }

  async function tryActivate(w: Worker): Promise<void> {
    if (w.hasLock || w.loop || w.rebuilding || !started) return;
    if (await acquire(w)) {
      if (w.rebuilding) return; // the rebuild holds the lock now and restarts the loop when done
      if (!started) {
        await unlock(w);
        return;
      }
      logger.info({ projection: w.projection.name }, 'projection active in this process');
      startLoop(w);
    } else {
      w.state = 'passive';
    }
  }

  let retrying = false;
  async function retryPassive() {
    if (retrying) return;
    retrying = true;
    try {
      await retryEach();
    } finally {
      retrying = false;
    }
  }

  async function retryEach() {
    for (const w of workers) {
      if (!started) return;
      await tryActivate(w).catch((err: unknown) =>
        logger.warn(
          { projection: w.projection.name, err: errorMessage(err) },
          'projection: lock attempt failed',
        ),
      );
    }
  }

  // ---- status and read-your-writes

  async function lagOf(position: Position | null): Promise<{ lagEvents: number; lagSeconds: number }> {
    const lagEvents = await store.countAfter(position, 1_000_000);
    if (lagEvents === 0) return { lagEvents, lagSeconds: 0 };
    const [oldest] = await store.readAll({ after: position, maxCount: 1 });
    const lagSeconds = oldest ? Math.max(0, (Date.now() - Date.parse(oldest.recordedAt)) / 1000) : 0;
    return { lagEvents, lagSeconds };
  }

  async function migrate(): Promise<void> {
    await migrateProjections(pool, options.projections);
  }

  async function finishRebuild(projection: Projection): Promise<void> {
    if (isExternalProjection(projection)) {
      await projection.afterRebuild?.();
      return;
    }
    // What the rebuild's pages left out (counts), set-based over the whole read model, before its indexes come back.
    const finish = projection.rebuild?.finish;
    if (finish) await inProjectionTransaction((client) => finish(client));
    await restoreIndexes(pool, projection);
  }

  async function inProjectionTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(BEGIN_PROJECTION_TRANSACTION);
      await work(client);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  async function rebuildOne(w: Worker, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    const { projection } = w;
    w.rebuilding = true;
    let deferred = false;
    try {
      await stopLoop(w);
      if (!w.hasLock) {
        const deadline = Date.now() + rebuildLockWaitMs;
        while (!(await acquire(w))) {
          if (Date.now() >= deadline) {
            throw new Error(
              `Projection ${projection.name} is running in another process; stop it before rebuilding`,
            );
          }
          await sleep(Math.min(500, lockRetryMs));
        }
      }
      w.state = 'catching-up';
      w.lastError = null;
      if (isExternalProjection(projection)) {
        deferred = true;
        // Set up first: a reset may set aside what the setup makes (PostgreSQL's search indexes, until the end).
        await projection.setup?.();
        await projection.reset?.();
        await resetCheckpoint(pool, projection);
      } else {
        await resetCheckpoint(pool, projection, { deferIndexes: true });
        deferred = true;
      }
      w.position = null;
      const head = await store.headPosition();
      const total = head ? await store.countAfter(null) : 0;
      let handled = 0;
      onProgress?.({ name: projection.name, handled, total });
      // Only the projection's own event types, in pages of `rebuildBatchSize`, the next page in flight while this
      // one is applied (the store's reading and the projection's writing overlap), then the checkpoint to the head.
      const eventTypes = [...w.types];
      const prepare = projection.prepare?.bind(projection);
      const read = (after: Position | null) => {
        const page = store.readAll({ after, maxCount: rebuildBatchSize, eventTypes });
        // The projection's own preparation of the page overlaps the page before's writes too (see prepare).
        return prepare
          ? page.then((events) =>
              prepare(events).then(
                () => events,
                () => events,
              ),
            )
          : page;
      };
      let next = head && eventTypes.length ? read(null) : Promise.resolve([]);
      for (;;) {
        const events = await next;
        if (events.length === 0) break;
        const last = events[events.length - 1]!.position;
        const done = events.length < rebuildBatchSize || !head || !isAfter(head, last);
        next = done ? Promise.resolve([]) : read(last);
        next.catch(() => undefined); // awaited on the next turn; a failure while applying must not leave it unhandled
        await applyBatch(
          w,
          events.map((event) => ({ kind: 'event', event })),
          true,
        );
        handled = Math.min(total, handled + events.length);
        onProgress?.({ name: projection.name, handled, total });
      }
      if (head && isAfter(head, w.position)) await applyBatch(w, [{ kind: 'checkpoint', position: head }]);
      onProgress?.({ name: projection.name, handled: total, total });
      if (deferred) {
        deferred = false;
        await finishRebuild(projection);
      }
      w.state = 'stopped';
    } catch (err) {
      w.state = 'failed';
      w.lastError = errorMessage(err);
      // A failed replay still gets its indexes back (else the next start's migrations make them).
      if (deferred) await finishRebuild(projection).catch(() => undefined);
      throw err;
    } finally {
      w.rebuilding = false;
      if (started && w.hasLock) startLoop(w);
      else await unlock(w);
    }
  }

  return {
    migrate,

    async start() {
      if (started) return;
      await migrate();
      started = true;
      await retryPassive();
      retryTimer = setInterval(() => void retryPassive(), lockRetryMs);
      retryTimer.unref();
    },

    async stop() {
      started = false;
      if (retryTimer) clearInterval(retryTimer);
      retryTimer = null;
      await Promise.all(workers.map(stopLoop));
      for (const w of workers) {
        await unlock(w);
        w.state = 'stopped';
      }
      // Destroyed, not returned to the pool: a pooled session would keep any advisory lock it holds.
      const client = lockClient;
      lockClient = null;
      client?.release(true);
      checkpointMoved.notifyAll();
    },

    async status() {
      const rows = new Map<string, CheckpointRow>(
        (await readCheckpoints(pool, [...names])).map((row) => [row.name, row]),
      );
      // Once per distinct checkpoint: the live projections share the head, and during a bulk load counting a
      // million events behind once per projection would make the admin dashboard slow.
      const lags = new Map<string, ReturnType<typeof lagOf>>();
      const lag = (position: Position | null) => {
        const key = position ? `${position.commit}/${position.prepare}` : '';
        let found = lags.get(key);
        if (!found) lags.set(key, (found = lagOf(position)));
        return found;
      };
      return Promise.all(
        workers.map(async (w): Promise<ProjectionStatus> => {
          const row = rows.get(w.projection.name);
          const position = row?.position ?? null;
          return {
            name: w.projection.name,
            position,
            eventsHandled: row?.eventsHandled ?? 0,
            ...(await lag(position)),
            state: w.state,
            // A passive process shows the failure the active one recorded.
            lastError: w.hasLock ? w.lastError : (w.lastError ?? row?.lastError ?? null),
          };
        }),
      );
    },

    async waitForPosition(position, timeoutMs, only) {
      if (!position) return true;
      const wanted = only ? [...only] : [...names];
      for (const name of wanted) if (!names.has(name)) throw new Error(`Unknown projection ${name}`);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rows = await readCheckpoints(pool, wanted);
        const reached = rows.filter((r) => r.position && !isAfter(position, r.position)).length;
        if (reached === wanted.length) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await checkpointMoved.wait(Math.min(waitPollMs, left));
      }
    },

    async bulkLoad(phase) {
      if (phase === 'end') {
        const loaded = bulkLoading ?? [];
        bulkLoading = null;
        // Each read model's indexes on its own connection: the jobs read model's and the search index's, the
        // largest, build side by side (each CREATE INDEX keeps one core busy).
        const results = await Promise.allSettled(
          loaded.map((projection) =>
            isExternalProjection(projection)
              ? projection.bulkLoad?.('end')
              : restoreIndexes(pool, projection),
          ),
        );
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        return loaded.length > 0;
      }
      if (bulkLoading) return true;
      if (!started || workers.some((w) => !w.hasLock || w.rebuilding)) return false;
      bulkLoading = [];
      try {
        for (const { projection } of workers) {
          bulkLoading.push(projection);
          if (isExternalProjection(projection)) await projection.bulkLoad?.('begin');
          else await deferIndexes(pool, projection);
        }
      } catch (err) {
        await this.bulkLoad('end').catch(() => undefined);
        throw err;
      }
      return true;
    },

    async rebuild(name, onProgress) {
      const targets = name ? workers.filter((w) => w.projection.name === name) : workers;
      if (targets.length === 0) throw new Error(`Unknown projection ${name ?? ''}`);
      await migrate();
      for (const w of targets) await rebuildOne(w, onProgress);
      // Without start(), rebuild leaves nothing running and no connection held.
      if (!started && lockClient) {
        const client = lockClient;
        lockClient = null;
        client.release(true);
      }
    },
  };
}

export class ProjectionHandlerError extends Error {
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(
      `${projection}: ${event.type} ${event.id} (stream ${event.streamId}, position ${event.position.commit}) failed: ${errorMessage(cause)}`,
    );
    this.name = 'ProjectionHandlerError';
  }
}
