/**
 * The demo seed of a first start (SEED_JOBS), resumable: its target, its `now` and how far it got are kept
 * in the demo_seed table, so a start after an interrupted seed (a stop, a crash) finishes it from where it
 * stopped. The seed is deterministic and ingestion idempotent: a batch sent twice changes nothing.
 */
import type pg from 'pg';
import type { EventStore, Position } from '@jobs/contracts/eventstore';
import type { Logger } from '../../logger';
import type { ProjectionRunner } from '@jobs/projections';
import type { SeedProgress } from './seed';

export interface DemoSeedRecord {
  target: number;
  seed: number;
  /** The seed's clock (posting dates are relative to it): a resumed seed generates the same jobs. */
  now: Date;
  /** Jobs ingested from the first one without a gap: a resumed seed starts there. */
  done: number;
  finished: boolean;
}

export async function migrateDemoSeed(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create table if not exists demo_seed (
      id int primary key default 1 check (id = 1),
      target int not null,
      seed int not null,
      seed_now timestamptz not null,
      done int not null default 0,
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`);
}

export async function readDemoSeed(pool: pg.Pool): Promise<DemoSeedRecord | null> {
  const { rows } = await pool.query<{
    target: number;
    seed: number;
    seed_now: Date;
    done: number;
    finished_at: Date | null;
  }>('select target, seed, seed_now, done, finished_at from demo_seed where id = 1');
  const row = rows[0];
  return row
    ? { target: row.target, seed: row.seed, now: row.seed_now, done: row.done, finished: !!row.finished_at }
    : null;
}

/** What a start does about the demo seed: nothing, a new seed, or the rest of an interrupted one. */
export async function planDemoSeed(
  deps: { pool: pg.Pool; store: EventStore },
  seedJobs: number,
): Promise<DemoSeedRecord | null> {
  await migrateDemoSeed(deps.pool);
  const record = await readDemoSeed(deps.pool);
  if (record) return record.finished ? null : record;
  if (seedJobs <= 0) return null;
  // A board with jobs and no record was seeded before records were kept, or has jobs of its own.
  const anyJob = await deps.store.readAll({ eventTypes: ['JobPosted'], maxCount: 1 });
  if (anyJob.length > 0) return null;
  const fresh: DemoSeedRecord = { target: seedJobs, seed: 42, now: new Date(), done: 0, finished: false };
  await deps.pool.query(
    'insert into demo_seed (id, target, seed, seed_now) values (1, $1, $2, $3) on conflict (id) do nothing',
    [fresh.target, fresh.seed, fresh.now],
  );
  return (await readDemoSeed(deps.pool)) ?? fresh;
}

export type DemoSeedOutcome =
  { kind: 'done'; jobs: number; seconds: number } | { kind: 'interrupted'; done: number; target: number };

/**
 * Runs (or finishes) the planned seed; ends at its next batch when `signal` aborts ('interrupted', not an
 * error: the next start goes on). Progress is recorded after each batch, and reported to `onProgress`.
 */
export async function runDemoSeed(
  deps: { pool: pg.Pool; store: EventStore; logger?: Logger; runner: ProjectionRunner },
  plan: DemoSeedRecord,
  options: { signal: AbortSignal; onProgress?: (p: SeedProgress) => void },
): Promise<DemoSeedOutcome> {
  let recorded = plan.done;
  let writing: Promise<unknown> = Promise.resolve();
  // Loaded only here: the demo data's word lists take a few hundred ms to load, which other starts skip.
  const { seedDemoData } = await import('./seed');
  const result = await seedDemoData(
    { store: deps.store, logger: deps.logger },
    {
      jobs: plan.target,
      seed: plan.seed,
      now: plan.now,
      from: plan.done,
      signal: options.signal,
      onProgress: (p) => {
        if (p.through !== undefined && p.through > recorded) {
          recorded = p.through;
          const done = recorded;
          writing = writing.then(() =>
            deps.pool.query('update demo_seed set done = greatest(done, $1) where id = 1', [done]),
          );
        }
        options.onProgress?.(p);
      },
    },
  );
  await writing;
  if (result.interrupted) return { kind: 'interrupted', done: recorded, target: plan.target };
  // Shown once every read model and the search index have the jobs: then the board can show them.
  // (A resumed seed that had sent every batch appends nothing: then the head of the store is what to wait for.)
  const position = result.position ?? (await deps.store.headPosition());
  if (position) await waitUnlessStopped(deps.runner, position, options.signal);
  if (options.signal.aborted) return { kind: 'interrupted', done: recorded, target: plan.target };
  await deps.pool.query('update demo_seed set done = target, finished_at = now() where id = 1');
  // Planner statistics for the tables the seed just filled: without them the first minute of a fresh board
  // (until autovacuum's analyze) plans the job page's queries for empty tables (issue 23 §6). Sampled, so a
  // second or two even at a million jobs.
  await deps.pool.query('analyze');
  return { kind: 'done', jobs: plan.target, seconds: result.seconds };
}

async function waitUnlessStopped(runner: ProjectionRunner, position: Position, signal: AbortSignal) {
  const deadline = Date.now() + 10 * 60_000;
  while (!signal.aborted && Date.now() < deadline) {
    if (await runner.waitForPosition(position, 500)) return;
  }
}
