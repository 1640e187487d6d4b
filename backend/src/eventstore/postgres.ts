import pg from 'pg';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllSubscription,
  type AppendResult,
  type EventMetadata,
  type EventRangeSource,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
} from '@jobs/contracts/eventstore';

/**
 * The event store on PostgreSQL: one `events` table.
 *
 * Global order. A bare sequence does not give readers a gap-free order: transaction A takes
 * position 10, transaction B takes 11 and commits first, a reader sees 11, stores it as its
 * checkpoint and never sees 10. We therefore serialise appends with one transaction-level advisory
 * lock and assign `global_position = max + 1` while holding it. PostgreSQL makes a transaction
 * visible before it releases its locks, so when the transaction holding position N commits, every
 * position below N is already visible: a reader that sees N sees everything before it. The cost is
 * one appender at a time, which a job board's write rate (a few hundred events a second at most) is
 * far from reaching. Position: commit = prepare = global_position.
 */

/** Arbitrary constants naming our advisory locks (they share PostgreSQL's lock space with other code). */
const APPEND_LOCK = 727_110_001;
const MIGRATION_LOCK = 727_110_002;
const CHANNEL = 'eventstore_appended';
const PAGE_SIZE = 500;
/** How often a caught-up subscription looks for new events while it cannot LISTEN (the connection is down). */
const POLL_MS = 500;
/**
 * The same while it LISTENs: every append of a store notifies (a store made with `notify: false` is for tests and
 * tools), so this poll is only a safety net. At 500 ms an idle board's dozen subscriptions asked PostgreSQL for
 * the head 24 times a second: ~2.3% of a core for the server alone, and as much again for PostgreSQL.
 */
const LISTENING_POLL_MS = 5000;
/** How many of the newest events a store keeps in memory for its live subscriptions (see createTail). */
const TAIL_SIZE = 4000;
/** Most events one read of the tail fetches. */
const TAIL_PAGE = 1000;

const JSONB_VERSION = Buffer.of(1);

/**
 * `value` as a binary jsonb parameter (format version 1: the JSON text as UTF-8). Sent as text, pg measures the
 * string with Buffer.byteLength, which for a batch's megabytes of JSON took longer than encoding it (its slow path,
 * a tenth of the write side's CPU in a profile); a Buffer goes as it is.
 */
function jsonbParameter(value: unknown): Buffer {
  return Buffer.concat([JSONB_VERSION, Buffer.from(JSON.stringify(value), 'utf8')]);
}

export async function migratePostgresEventStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // A session lock: concurrent processes starting together run the DDL one after the other.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`
        create table if not exists events (
          global_position bigint primary key,
          stream_id text not null,
          revision int not null,
          event_id uuid not null unique,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          recorded_at timestamptz not null default now(),
          unique (stream_id, revision)
        )`);
      await client.query('create index if not exists events_type_position on events (type, global_position)');
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export interface EventRow {
  global_position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

const COLUMNS = 'global_position, stream_id, revision, event_id, type, data, metadata, recorded_at';

function toPosition(globalPosition: number): Position {
  return { commit: globalPosition, prepare: globalPosition };
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.revision,
    position: toPosition(row.global_position),
    recordedAt: row.recorded_at.toISOString(),
  };
}

function checkExpected(streamId: string, expected: ExpectedRevision, current: number | null): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === null) ||
    (expected === 'stream_exists' && current !== null) ||
    (typeof expected === 'number' && current === expected);
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, current ?? 'no_stream');
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** One LISTEN connection per store, shared by its subscriptions, opened while any of them waits. */
function createNotifier(pool: pg.Pool) {
  const wakers = new Set<() => void>();
  let client: pg.Client | null = null;
  let starting: Promise<void> | null = null;

  function stopIfUnused() {
    if (wakers.size > 0 || !client) return;
    const c = client;
    client = null;
    void c.end().catch(() => undefined);
  }

  function start(): Promise<void> {
    if (client) return Promise.resolve();
    if (starting) return starting;
    starting = (async () => {
      const c = new pg.Client(pool.options);
      c.on('error', () => {
        // A lost LISTEN connection only costs latency: subscriptions keep polling; the next wait reconnects.
        if (client === c) client = null;
        void c.end().catch(() => undefined);
      });
      c.on('notification', () => {
        for (const wake of wakers) wake();
      });
      try {
        await c.connect();
        await c.query(`listen ${CHANNEL}`);
        client = c;
      } catch {
        await c.end().catch(() => undefined);
      } finally {
        starting = null;
      }
      stopIfUnused();
    })();
    return starting;
  }

  return {
    /** Whether notifications arrive now; when they cannot, tries to LISTEN again (for the next wait). */
    listening(): boolean {
      if (!client && wakers.size > 0) void start();
      return client !== null;
    },
    /** Registers a waker; returns the function that unregisters it. */
    subscribe(wake: () => void): () => void {
      wakers.add(wake);
      void start();
      return () => {
        wakers.delete(wake);
        stopIfUnused();
      };
    },
    close() {
      wakers.clear();
      stopIfUnused();
    },
  };
}

/**
 * The newest events, read once for every live subscription of the store. Each projection follows the store
 * with its own subscription; near the head they all want the same few hundred events, and reading them once
 * (every type, filtered in memory) instead of once per subscription spares PostgreSQL and this process most of
 * the cost of reading and parsing event data. `events` holds every event with a position in (from, to],
 * in order; one read at a time extends it, and it keeps the newest TAIL_SIZE. Delivered events are shared
 * between subscribers, so they are read-only.
 */
function createTail(pool: pg.Pool, size: number, pageSize: number) {
  let events: RecordedEvent[] = [];
  let from = 0;
  let to = 0;
  let reading: Promise<void> | null = null;

  async function extend(after: number, head: number): Promise<void> {
    const { rows } = await pool.query<EventRow>(
      `select ${COLUMNS} from events where global_position > $1 and global_position <= $2
       order by global_position limit $3`,
      [after, head, pageSize],
    );
    const read = rows.map(toRecorded);
    const reached = rows.length === pageSize ? rows[rows.length - 1]!.global_position : head;
    if (after === to && events.length > 0) events = events.concat(read);
    else {
      events = read;
      from = after;
    }
    to = reached;
    if (events.length > size) {
      const dropped = events.length - size;
      from = events[dropped - 1]!.position.commit;
      events = events.slice(dropped);
    }
  }

  /** The first index in `events` with a position after `after`. */
  function indexAfter(after: number): number {
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (events[mid]!.position.commit <= after) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  return {
    /** Whether a reader at `after` with the store at `head` should read through the tail. */
    near(after: number, head: number): boolean {
      return head - after <= size && after >= from;
    },
    /**
     * Events after `after`, up to `head`, oldest first, at most `pageSize` of them, and the position they reach
     * (every event up to it is in the answer). Another reader's read in flight is awaited, not repeated.
     */
    async read(after: number, head: number): Promise<{ events: RecordedEvent[]; reached: number }> {
      for (;;) {
        // Behind the tail (it moved on while this reader was away): the caller reads the table itself.
        if (after < from) return { events: [], reached: after };
        if (after < to) {
          const start = indexAfter(after);
          const byHead = indexAfter(head);
          if (start + pageSize < byHead) {
            const page = events.slice(start, start + pageSize);
            return { events: page, reached: page[page.length - 1]!.position.commit };
          }
          return { events: events.slice(start, byHead), reached: Math.min(head, to) };
        }
        if (reading) {
          await reading;
          continue;
        }
        // At the tail's end: extend it; past it (the tail is behind every reader, or empty): start it here.
        reading = extend(after === to && events.length > 0 ? to : after, head).finally(() => {
          reading = null;
        });
        await reading;
        if (to <= after) return { events: [], reached: after };
      }
    },
  };
}

export async function createPostgresEventStore(
  pool: pg.Pool,
  options: {
    notify?: boolean;
    /** How many of the newest events the live subscriptions share in memory (default 4000; tests make it small). */
    tailSize?: number;
    /** Most events one read of that tail fetches (default 1000). */
    tailPage?: number;
  } = {},
): Promise<EventStore> {
  const notify = options.notify ?? true;
  const notifier = createNotifier(pool);
  const tail = createTail(pool, options.tailSize ?? TAIL_SIZE, options.tailPage ?? TAIL_PAGE);
  const subscriptions = new Set<AllSubscription>();

  async function append(
    streamId: string,
    events: readonly NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new TypeError('append needs at least one event');
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      try {
        // Statements after this one see every append committed before we got the lock (READ COMMITTED).
        await client.query('select pg_advisory_xact_lock($1)', [APPEND_LOCK]);
        const ids = events.map((e) => e.id);
        const existing = await client.query<{ event_id: string; revision: number; global_position: number }>(
          'select event_id, revision, global_position from events where event_id = any($1::uuid[])',
          [ids],
        );
        if (existing.rowCount === events.length) {
          // A retried append: answer what the first one answered, whatever the stream became since.
          await client.query('commit');
          const last = existing.rows.reduce((a, b) => (b.global_position > a.global_position ? b : a));
          return {
            nextRevision: last.revision,
            position: toPosition(last.global_position),
            alreadyStored: true,
          };
        }
        const known = new Set(existing.rows.map((r) => r.event_id.toLowerCase()));
        const fresh = events.filter((e) => !known.has(e.id.toLowerCase()));

        const head = await client.query<{ revision: number | null; position: number | null }>(
          `select (select max(revision) from events where stream_id = $1) as revision,
                  (select max(global_position) from events) as position`,
          [streamId],
        );
        const current = head.rows[0]?.revision ?? null;
        checkExpected(streamId, expectedRevision, current);
        const firstRevision = (current ?? -1) + 1;
        const firstPosition = (head.rows[0]?.position ?? 0) + 1;
        await client.query(
          `insert into events (global_position, stream_id, revision, event_id, type, data, metadata)
           select $1::bigint + e.ord - 1, $2, $3::int + e.ord - 1, e.id, e.type, e.data::jsonb, e.metadata::jsonb
           from unnest($4::uuid[], $5::text[], $6::text[], $7::text[]) with ordinality as e(id, type, data, metadata, ord)`,
          [
            firstPosition,
            streamId,
            firstRevision,
            fresh.map((e) => e.id),
            fresh.map((e) => e.type),
            fresh.map((e) => JSON.stringify(e.data ?? null)),
            fresh.map((e) => JSON.stringify(e.metadata)),
          ],
        );
        const lastPosition = firstPosition + fresh.length - 1;
        if (notify) await client.query('select pg_notify($1, $2)', [CHANNEL, String(lastPosition)]);
        await client.query('commit');
        return { nextRevision: firstRevision + fresh.length - 1, position: toPosition(lastPosition) };
      } catch (err) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        // Appends are serialised, so this only happens if something writes the table around the lock.
        if (isUniqueViolation(err)) {
          const { rows } = await pool.query<{ revision: number | null }>(
            'select max(revision) as revision from events where stream_id = $1',
            [streamId],
          );
          throw new WrongExpectedVersionError(streamId, expectedRevision, rows[0]?.revision ?? 'no_stream');
        }
        throw err;
      }
    } finally {
      client.release(broken);
    }
  }

  /** Several streams in one transaction: one lock and one commit for a whole ingestion batch. */
  async function appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    const streams = new Set<string>();
    for (const a of appends) {
      if (a.events.length === 0) throw new TypeError(`appendMany: no events for ${a.streamId}`);
      if (streams.has(a.streamId)) throw new TypeError(`appendMany: stream ${a.streamId} given twice`);
      streams.add(a.streamId);
    }
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      try {
        await client.query('select pg_advisory_xact_lock($1)', [APPEND_LOCK]);
        const existing = await client.query<{ event_id: string; revision: number; global_position: number }>(
          'select event_id, revision, global_position from events where event_id = any($1::uuid[])',
          [appends.flatMap((a) => a.events.map((e) => e.id))],
        );
        const known = new Map(existing.rows.map((r) => [r.event_id.toLowerCase(), r]));
        const heads = await client.query<{ stream_id: string; revision: number }>(
          'select stream_id, max(revision) as revision from events where stream_id = any($1::text[]) group by stream_id',
          [[...streams]],
        );
        const current = new Map(heads.rows.map((r) => [r.stream_id, r.revision]));
        const head = await client.query<{ position: number | null }>(
          'select max(global_position) as position from events',
        );
        let position = head.rows[0]?.position ?? 0;

        // The batch's rows as one JSON document, [position, stream, revision, id, type, data, metadata] each:
        // one JSON.stringify and one parameter, where text[] parameters cost a JSON.stringify per event and then
        // pg's array quoting and escaping of every JSON text (most of this function's CPU in a bulk load).
        const rows: [number, string, number, string, string, unknown, EventMetadata][] = [];
        const results: AppendResult[] = [];
        for (const a of appends) {
          const fresh = a.events.filter((e) => !known.has(e.id.toLowerCase()));
          if (fresh.length === 0) {
            // A retried append: answer what the first one answered.
            const last = a.events
              .map((e) => known.get(e.id.toLowerCase())!)
              .reduce((x, y) => (y.global_position > x.global_position ? y : x));
            results.push({
              nextRevision: last.revision,
              position: toPosition(last.global_position),
              alreadyStored: true,
            });
            continue;
          }
          const revision = current.get(a.streamId) ?? null;
          checkExpected(a.streamId, a.expectedRevision, revision);
          let next = (revision ?? -1) + 1;
          for (const e of fresh) {
            position += 1;
            rows.push([position, a.streamId, next++, e.id, e.type, e.data ?? null, e.metadata]);
          }
          results.push({ nextRevision: next - 1, position: toPosition(position) });
        }
        if (rows.length > 0) {
          await client.query(
            `insert into events (global_position, stream_id, revision, event_id, type, data, metadata)
             select (e->>0)::bigint, e->>1, (e->>2)::int, (e->>3)::uuid, e->>4, e->5, e->6
             from jsonb_array_elements($1::jsonb) as e`,
            [jsonbParameter(rows)],
          );
          if (notify) await client.query('select pg_notify($1, $2)', [CHANNEL, String(position)]);
        }
        await client.query('commit');
        return results;
      } catch (err) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        if (isUniqueViolation(err))
          throw new WrongExpectedVersionError(
            appends[0]!.streamId,
            appends[0]!.expectedRevision,
            'no_stream',
          );
        throw err;
      }
    } finally {
      client.release(broken);
    }
  }

  async function readStream(streamId: string, opts: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = $1 and revision >= $2 order by revision limit $3`,
      [streamId, opts.fromRevision ?? 0, opts.maxCount ?? null],
    );
    if (rows.length === 0) {
      // Read from the start, no rows means no stream: spare the second query (ingestion reads many new streams).
      if (!opts.fromRevision && opts.maxCount !== 0) throw new StreamNotFoundError(streamId);
      const exists = await pool.query('select 1 from events where stream_id = $1 limit 1', [streamId]);
      if (!exists.rowCount) throw new StreamNotFoundError(streamId);
    }
    return rows.map(toRecorded);
  }

  async function readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const out = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
    if (streamIds.length === 0) return out;
    const { rows } = await pool.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = any($1::text[]) order by stream_id, revision`,
      [[...new Set(streamIds)]],
    );
    for (const row of rows) out.get(row.stream_id)?.push(toRecorded(row));
    return out;
  }

  async function readAll(opts: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<EventRow>(
      `select ${COLUMNS} from events
       where global_position > $1 and ($2::text[] is null or type = any($2::text[]))
       order by global_position limit $3`,
      [opts.after?.commit ?? 0, opts.eventTypes ?? null, opts.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async function headPosition(): Promise<Position | null> {
    const { rows } = await pool.query<{ p: number | null }>('select max(global_position) as p from events');
    const p = rows[0]?.p ?? null;
    return p === null ? null : toPosition(p);
  }

  async function countAfter(position: Position | null, limit?: number): Promise<number> {
    const { rows } = await pool.query<{ n: number }>(
      'select count(*) as n from (select 1 from events where global_position > $1 limit $2) s',
      [position?.commit ?? 0, limit ?? null],
    );
    return rows[0]?.n ?? 0;
  }

  function subscribeToAll(opts: SubscribeOptions = {}): AllSubscription {
    let closed = false;
    let dirty = true;
    let wake: () => void = () => undefined;
    const onWake = () => {
      dirty = true;
      wake();
    };

    const types = opts.eventTypes ? new Set(opts.eventTypes) : null;

    async function* run(): AsyncGenerator<RecordedEvent> {
      const unsubscribe = notifier.subscribe(onWake);
      try {
        let after = opts.after?.commit ?? 0;
        let reported = after;
        while (!closed) {
          dirty = false;
          // Everything up to the head we see is committed and visible (see the comment at the top),
          // so reading up to it and then moving our position to it can skip nothing.
          const head = (await headPosition())?.commit ?? 0;
          let caughtUp = true;
          while (!closed && after < head && tail.near(after, head)) {
            // Live: the newest events, read once for every subscription of this store.
            const page = await tail.read(after, head);
            for (const event of page.events) {
              if (closed) return;
              if (types && !types.has(event.type)) continue;
              after = event.position.commit;
              reported = after;
              yield event;
            }
            if (page.reached <= after && page.events.length === 0) break;
            after = Math.max(after, page.reached);
          }
          while (!closed && after < head) {
            // Catching up: the matching events only, straight from the table.
            const { rows } = await pool.query<EventRow>(
              `select ${COLUMNS} from events
               where global_position > $1 and global_position <= $2 and ($3::text[] is null or type = any($3::text[]))
               order by global_position limit $4`,
              [after, head, opts.eventTypes ?? null, PAGE_SIZE],
            );
            for (const row of rows) {
              if (closed) return;
              after = row.global_position;
              reported = after;
              yield toRecorded(row);
            }
            if (rows.length < PAGE_SIZE) after = head;
            else {
              caughtUp = false;
              break;
            }
          }
          if (closed) return;
          if (after > reported && opts.onCheckpoint) {
            reported = after;
            await opts.onCheckpoint(toPosition(after));
          }
          if (!caughtUp || dirty) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, notifier.listening() ? LISTENING_POLL_MS : POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = () => undefined;
        }
      } finally {
        unsubscribe();
      }
    }

    const generator = run();
    const subscription: AllSubscription = {
      [Symbol.asyncIterator]: () => generator,
      async close() {
        if (closed) return;
        closed = true;
        subscriptions.delete(subscription);
        wake();
        await generator.return(undefined);
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    kind: 'postgres',
    append,
    appendMany,
    readStream,
    readStreams,
    readAll,
    subscribeToAll,
    headPosition,
    countAfter,
    rangeSource: () => postgresRangeSource(pool),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      // The pool belongs to the caller; we only end what we opened.
      await Promise.all([...subscriptions].map((s) => s.close()));
      notifier.close();
    },
  };
}

/**
 * Where a worker thread reads this store's events by itself (`EventStore.rangeSource`, postgres-range.ts): the
 * pool's connection settings, plain values only (a password given as a function cannot cross to a thread).
 */
function postgresRangeSource(pool: pg.Pool): EventRangeSource | null {
  const o = pool.options as pg.PoolConfig;
  if (typeof o.password === 'function') return null;
  const config: pg.ClientConfig = {};
  if (o.connectionString) config.connectionString = o.connectionString;
  if (o.host) config.host = o.host;
  if (o.port) config.port = o.port;
  if (o.user) config.user = o.user;
  if (typeof o.password === 'string') config.password = o.password;
  if (o.database) config.database = o.database;
  if (typeof o.ssl === 'boolean') config.ssl = o.ssl;
  else if (o.ssl) return null;
  return { module: new URL('./postgres-range.ts', import.meta.url).href, config };
}
