import crypto from 'node:crypto';
import type pg from 'pg';
import type { Position } from '@jobs/contracts/eventstore';
import { isExternalProjection, type Projection } from './projection';

/** Thrown when the checkpoint moved under us: another process runs this projection now. */
export class LostLockError extends Error {
  constructor(readonly projection: string) {
    super(`Projection ${projection}: its checkpoint was moved by another process; this one goes passive`);
    this.name = 'LostLockError';
  }
}

export interface CheckpointRow {
  name: string;
  position: Position | null;
  eventsHandled: number;
  lastError: string | null;
  updatedAt: Date;
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** The 64-bit advisory lock key of a projection (as a decimal string: pg takes it as bigint). */
export function lockKey(name: string): string {
  return crypto.createHash('sha256').update(`projection:${name}`).digest().readBigInt64BE(0).toString();
}

/** Serialises DDL of concurrent starts and rebuilds. */
const MIGRATION_LOCK = lockKey('$migrations');

const CREATE_TABLE = `
  create table if not exists projection_checkpoints (
    name text primary key,
    commit_position bigint,
    prepare_position bigint,
    updated_at timestamptz not null default now(),
    events_handled bigint not null default 0,
    last_error text
  )`;

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

async function runMigrations(client: pg.PoolClient, projection: Projection): Promise<void> {
  if (isExternalProjection(projection)) return;
  for (const sql of projection.migrations ?? []) await client.query(sql);
}

/** Creates the checkpoints table, runs every SQL projection's migrations, then the external ones' setup. */
export async function migrateProjections(pool: pg.Pool, projections: readonly Projection[]): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query(CREATE_TABLE);
    for (const projection of projections) await runMigrations(client, projection);
    await client.query(
      'insert into projection_checkpoints (name) select unnest($1::text[]) on conflict do nothing',
      [projections.map((p) => p.name)],
    );
  });
  for (const projection of projections) if (isExternalProjection(projection)) await projection.setup?.();
}

/**
 * Drops a SQL projection's tables, runs its migrations again and sets its checkpoint back to the start. With
 * `deferIndexes`, the indexes the projection names in `rebuildDeferredIndexes` are dropped again after the migrations
 * made them: the replay then writes rows without maintaining them, and `restoreIndexes` builds each once at the end.
 */
export async function resetCheckpoint(
  pool: pg.Pool,
  projection: Projection,
  options: { deferIndexes?: boolean } = {},
): Promise<void> {
  await inTransaction(pool, async (client) => {
    if (!isExternalProjection(projection)) {
      for (const table of projection.tables ?? [])
        await client.query(`drop table if exists ${table} cascade`);
      await runMigrations(client, projection);
      if (options.deferIndexes)
        for (const index of projection.rebuildDeferredIndexes ?? [])
          await client.query(`drop index if exists ${index}`);
    }
    await client.query(
      `insert into projection_checkpoints (name) values ($1)
       on conflict (name) do update set commit_position = null, prepare_position = null, events_handled = 0,
         last_error = null, updated_at = now()`,
      [projection.name],
    );
  });
}

/**
 * Drops the indexes a SQL projection names in `rebuildDeferredIndexes` (a bulk load into the live projection, see the
 * runner's `bulkLoad`); `restoreIndexes` builds them again, and so do the migrations at the next start.
 */
export async function deferIndexes(pool: pg.Pool, projection: Projection): Promise<void> {
  if (isExternalProjection(projection) || !projection.rebuildDeferredIndexes?.length) return;
  await inTransaction(pool, async (client) => {
    for (const index of projection.rebuildDeferredIndexes ?? [])
      await client.query(`drop index if exists ${index}`);
  });
}

/** Runs a SQL projection's migrations again: they create what `resetCheckpoint` deferred (`if not exists`). */
export async function restoreIndexes(pool: pg.Pool, projection: Projection): Promise<void> {
  if (isExternalProjection(projection) || !projection.rebuildDeferredIndexes?.length) return;
  await inTransaction(pool, (client) => runMigrations(client, projection));
}

/**
 * Moves the checkpoint from `from` to `to`. Compare-and-set: when the row no longer holds `from`,
 * another process has run the projection meanwhile and we must not write (LostLockError).
 */
export async function writeCheckpoint(
  db: Queryable,
  name: string,
  from: Position | null,
  to: Position,
  handled: number,
): Promise<void> {
  const { rowCount } = await db.query(
    `update projection_checkpoints
     set commit_position = $2, prepare_position = $3, events_handled = events_handled + $4, updated_at = now(), last_error = null
     where name = $1 and commit_position is not distinct from $5 and prepare_position is not distinct from $6`,
    [name, to.commit, to.prepare, handled, from?.commit ?? null, from?.prepare ?? null],
  );
  if (rowCount !== 1) throw new LostLockError(name);
}

/**
 * Read models are rebuilt from the event store, so their transactions need not wait for the WAL flush
 * (`synchronous_commit = off`): a crash can lose the last moments of projection work, never part of a
 * transaction, and the lost batches are projected again from the older checkpoint. Visibility to other
 * sessions is immediate all the same. Appends to the event store keep the server's synchronous commit.
 */
export const BEGIN_PROJECTION_TRANSACTION = 'begin; set local synchronous_commit = off';

/** writeCheckpoint in its own transaction with an asynchronous commit (see BEGIN_PROJECTION_TRANSACTION). */
export async function advanceCheckpoint(
  pool: pg.Pool,
  name: string,
  from: Position | null,
  to: Position,
  handled: number,
): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(BEGIN_PROJECTION_TRANSACTION);
    await writeCheckpoint(client, name, from, to, handled);
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

export async function recordFailure(db: Queryable, name: string, message: string): Promise<void> {
  await db.query('update projection_checkpoints set last_error = $2, updated_at = now() where name = $1', [
    name,
    message,
  ]);
}

interface RawRow {
  name: string;
  commit_position: string | null;
  prepare_position: string | null;
  events_handled: string;
  last_error: string | null;
  updated_at: Date;
}

export async function readCheckpoints(db: Queryable, names: readonly string[]): Promise<CheckpointRow[]> {
  // Read bigints as text: this package does not rely on the process's global pg type parsers.
  const { rows } = await db.query<RawRow>(
    `select name, commit_position::text, prepare_position::text, events_handled::text, last_error, updated_at
     from projection_checkpoints where name = any($1::text[])`,
    [names],
  );
  return rows.map((r) => ({
    name: r.name,
    position:
      r.commit_position === null
        ? null
        : { commit: Number(r.commit_position), prepare: Number(r.prepare_position) },
    eventsHandled: Number(r.events_handled),
    lastError: r.last_error,
    updatedAt: r.updated_at,
  }));
}
