/**
 * Crash safety of ingestion and projections, with real processes.
 *
 * A bot-like client posts jobs through POST /api/ingest/jobs in batches and re-sends a batch until it is
 * acknowledged (200), while something crashes underneath it:
 *   1. the server (API + projections) is killed with SIGKILL at random moments and restarted;
 *   2. the API runs with RUN_PROJECTIONS=false and the projections process (npm run projections:run) is
 *      killed with SIGKILL and restarted;
 *   3. the PostgreSQL server itself (an embedded one this test owns) is stopped and started again while
 *      the server keeps running.
 * Afterwards: every acknowledged item exists exactly once (one job stream with one JobPosted, one row in
 * the read model and in the search index), no event is duplicated, and every read model and the search
 * index equal what a rebuild from scratch (the runner's rebuild, into a template copy of the database) gives.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createProjectionRunner, isExternalProjection } from '@jobs/projections';
import { openSearchIndex } from '@jobs/search';
import type { IngestItemPosted } from '@jobs/contracts/jobs';
import '../../backend/src/db/database'; // bigint parsers
import { ensureEmbeddedPostgres, type EmbeddedHandle } from '../../backend/src/db/embedded';
import { openEventStore } from '../../backend/src/eventstore';
import { allProjections } from '../../backend/src/read-models';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { generateJobs } from '../../backend/src/features/seed/generate';
import { jobIdFor, jobStreamId } from '../../backend/src/features/jobs/job';
import { mapLimit } from '../../backend/src/features/ingestion/concurrency';
import { freePort } from '../../backend/src/db/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEARCH_TABLES = ['job_search', 'job_suggestions'];
const BATCH_SIZE = 200;
const IN_FLIGHT = 3;
const NOW = new Date('2026-03-01T12:00:00Z');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createDatabase(adminUrl: string, prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  // A template must have no other session: the processes just stopped may take a moment to disconnect.
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
      return name;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await sleep(200);
    }
  }
}

// ---- child processes

interface Proc {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
  log: string[];
}

const live = new Set<Proc>();

function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  // node --import tsx: one process (the tsx binary would put a second node under it, which a kill would orphan).
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      TMPDIR: os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_JOBS: '0',
      RUN_BOT: 'false',
      SESSION_SECRET: 'crash-safety-secret-crash-safety-secret',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const push = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      log.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);
      if (log.length > 200) log.shift();
    }
  };
  child.stdout!.on('data', push);
  child.stderr!.on('data', push);
  const proc: Proc = {
    name,
    child,
    log,
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
  live.add(proc);
  void proc.exited.then(() => live.delete(proc));
  return proc;
}

function running(proc: Proc): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

async function kill(proc: Proc): Promise<void> {
  if (running(proc)) proc.child.kill('SIGKILL');
  await proc.exited;
}

/** SIGTERM, then SIGKILL after 20 s; the exit code (null when it had to be killed). */
async function stopGracefully(proc: Proc): Promise<number | null> {
  if (!running(proc)) return proc.child.exitCode;
  proc.child.kill('SIGTERM');
  const done = await Promise.race([proc.exited.then(() => true), sleep(20_000).then(() => false)]);
  if (!done) await kill(proc);
  return proc.child.exitCode;
}

function describeLog(proc: Proc): string {
  return `${proc.name} (last lines):\n${proc.log.slice(-40).join('\n')}`;
}

interface ServerEnv {
  databaseUrl: string;
  port: number;
  dataDir: string;
  runProjections: boolean;
}

function processEnv(e: ServerEnv): Record<string, string> {
  return {
    DATABASE_URL: e.databaseUrl,
    PORT: String(e.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${e.port}`,
    DATA_DIR: e.dataDir,
    RUN_PROJECTIONS: String(e.runProjections),
  };
}

async function startServer(e: ServerEnv): Promise<Proc> {
  const proc = startProcess('server', 'backend/src/main.ts', processEnv(e));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!running(proc)) throw new Error(`the server exited during start-up\n${describeLog(proc)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${e.port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await kill(proc);
  throw new Error(`the server did not become healthy\n${describeLog(proc)}`);
}

async function startProjections(e: ServerEnv): Promise<Proc> {
  const proc = startProcess('projections', 'backend/src/cli/projections-run.ts', processEnv(e));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!running(proc)) throw new Error(`projections:run exited during start-up\n${describeLog(proc)}`);
    if (proc.log.some((l) => l.includes('projections running'))) return proc;
    await sleep(50);
  }
  await kill(proc);
  throw new Error(`projections:run did not start\n${describeLog(proc)}`);
}

/** Immediate shutdown of the embedded server of `pgDir` (SIGQUIT to the postmaster), like a crash. */
async function crashPostgres(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postgres', 'postmaster.pid');
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  process.kill(pid, 'SIGQUIT');
  const deadline = Date.now() + 30_000;
  while (alive()) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL ${pid} did not quit`);
    await sleep(50);
  }
}

// ---- the bot-like client

interface ClientStats {
  batches: number;
  acknowledged: number;
  itemsAcknowledged: number;
  attempts: number;
  /** Failed attempts by kind ('network', 'http 500', ...). */
  failures: Record<string, number>;
  statuses: Record<string, number>;
  /** Items whose acknowledged result was neither created nor unchanged. */
  anomalies: string[];
  ackedJobIds: Set<string>;
  /** Batches held back until enough crashes happened (see `ingestAll`'s `gate`). */
  held: number;
}

class FatalClientError extends Error {}

const RETRIED_STATUSES = new Set([401, 429, 500, 502, 503, 504]);

async function ingestAll(options: {
  baseUrl: string;
  token: string;
  items: readonly IngestItemPosted[];
  sourceId: string;
  stats: ClientStats;
  /** Set when the test gave up: the client stops retrying. */
  cancelled: () => boolean;
  /**
   * Batch `i` (from 0) is first sent once `gate.crashes()` reached (i + 1) / batches of `gate.min`: however
   * fast the ingestion, at least `min` crashes happen, spread over the run.
   */
  gate: { crashes: () => number; min: number };
}): Promise<void> {
  const { stats } = options;
  const batches: IngestItemPosted[][] = [];
  for (let i = 0; i < options.items.length; i += BATCH_SIZE)
    batches.push(options.items.slice(i, i + BATCH_SIZE));
  stats.batches = batches.length;
  const fail = (kind: string) => {
    stats.failures[kind] = (stats.failures[kind] ?? 0) + 1;
  };

  await mapLimit(batches, IN_FLIGHT, async (batch, index) => {
    const body = JSON.stringify({ items: batch });
    const crashesBefore = Math.floor(((index + 1) * options.gate.min) / batches.length);
    if (options.gate.crashes() < crashesBefore) {
      stats.held++;
      while (options.gate.crashes() < crashesBefore && !options.cancelled()) await sleep(25);
      stats.held--;
    }
    for (;;) {
      if (options.cancelled()) throw new FatalClientError('cancelled');
      stats.attempts++;
      try {
        const res = await fetch(`${options.baseUrl}/api/ingest/jobs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(30_000),
        });
        if (res.status === 200) {
          const answer = (await res.json()) as {
            results: { externalId: string | null; status: string; jobId?: string }[];
          };
          if (answer.results.length !== batch.length)
            throw new FatalClientError(`${answer.results.length} results for ${batch.length} items`);
          answer.results.forEach((r, i) => {
            const expectedId = jobIdFor(options.sourceId, batch[i]!.externalId);
            stats.statuses[r.status] = (stats.statuses[r.status] ?? 0) + 1;
            if ((r.status !== 'created' && r.status !== 'unchanged') || r.jobId !== expectedId)
              stats.anomalies.push(`${batch[i]!.externalId}: ${r.status} ${r.jobId ?? ''}`);
            stats.ackedJobIds.add(expectedId);
          });
          stats.acknowledged++;
          trace(`acknowledged ${stats.acknowledged}/${stats.batches}`);
          stats.itemsAcknowledged += batch.length;
          return;
        }
        const text = await res.text().catch(() => '');
        if (!RETRIED_STATUSES.has(res.status))
          throw new FatalClientError(`unexpected HTTP ${res.status}: ${text.slice(0, 300)}`);
        fail(`http ${res.status}`);
        trace(`HTTP ${res.status} ${text.slice(0, 200)}`);
        if (res.status === 429) await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
      } catch (err) {
        if (err instanceof FatalClientError) throw err;
        fail((err as Error).name === 'TimeoutError' ? 'timeout' : 'network');
        trace(`request failed: ${(err as Error).message}`);
      }
      await sleep(between(200, 400));
    }
  });
}

function newStats(): ClientStats {
  return {
    batches: 0,
    acknowledged: 0,
    itemsAcknowledged: 0,
    attempts: 0,
    failures: {},
    statuses: {},
    anomalies: [],
    ackedJobIds: new Set(),
    held: 0,
  };
}

// ---- set-up and checks

async function createSource(databaseUrl: string): Promise<{ sourceId: string; token: string }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const store = await openEventStore({ pool });
    const created = await createIngestionSource(store, { name: 'Crash test bot' }, { actor: 'system:test' });
    await store.close();
    return { sourceId: created.sourceId, token: created.token };
  } finally {
    await pool.end();
  }
}

/** Waits until every projection's checkpoint (reactors too) is at the head of the store. */
async function waitForProjections(databaseUrl: string, timeoutMs: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  pool.on('error', () => undefined);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await pool.query<{ behind: number; head: number }>(
        `select count(*) filter (where commit_position is distinct from (select max(global_position) from events))::int as behind,
                (select max(global_position) from events) as head
         from projection_checkpoints`,
      );
      if (rows[0]!.behind === 0) return;
      if (Date.now() > deadline) {
        const status = await pool.query(
          'select name, commit_position, last_error from projection_checkpoints',
        );
        throw new Error(
          `projections did not reach the head ${rows[0]!.head}: ${JSON.stringify(status.rows)}`,
        );
      }
      await sleep(200);
    }
  } finally {
    await pool.end();
  }
}

interface StoreFacts {
  events: number;
  jobPosted: number;
  jobUpdated: number;
  headPosition: number;
  duplicateEventIds: number;
  duplicateEventContents: string[];
  streamsWithTwoJobPosted: string[];
  missingJobs: number;
  unexpectedJobs: number;
  jobRows: number;
  searchRows: number;
}

async function storeFacts(databaseUrl: string, expectedJobIds: ReadonlySet<string>): Promise<StoreFacts> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const q = async <R extends pg.QueryResultRow>(sql: string) => (await pool.query<R>(sql)).rows;
    const [counts] = await q<{
      events: number;
      job_posted: number;
      job_updated: number;
      head: number;
      distinct_ids: number;
    }>(
      `select count(*)::int as events, count(*) filter (where type = 'JobPosted')::int as job_posted,
              count(*) filter (where type = 'JobUpdated')::int as job_updated,
              coalesce(max(global_position), 0) as head, count(distinct event_id)::int as distinct_ids
       from events`,
    );
    const duplicateContents = await q<{ stream_id: string; type: string; n: number }>(
      `select stream_id, type, count(*)::int as n from events
       group by stream_id, type, md5(data::text) having count(*) > 1`,
    );
    const twoPosted = await q<{ stream_id: string }>(
      `select stream_id from events where type = 'JobPosted' group by stream_id having count(*) > 1`,
    );
    const postedStreams = new Set(
      (await q<{ stream_id: string }>(`select stream_id from events where type = 'JobPosted'`)).map(
        (r) => r.stream_id,
      ),
    );
    const expectedStreams = new Set([...expectedJobIds].map(jobStreamId));
    const [jobRows] = await q<{ n: number; matching: number }>(`select count(*)::int as n from jobs`);
    const jobIdsInReadModel = new Set(
      (await q<{ job_id: string }>('select job_id from jobs')).map((r) => r.job_id),
    );
    const [searchRows] = await q<{ n: number }>('select count(*)::int as n from job_search');
    return {
      events: counts!.events,
      jobPosted: counts!.job_posted,
      jobUpdated: counts!.job_updated,
      headPosition: counts!.head,
      duplicateEventIds: counts!.events - counts!.distinct_ids,
      duplicateEventContents: duplicateContents.map((r) => `${r.stream_id} ${r.type} x${r.n}`),
      streamsWithTwoJobPosted: twoPosted.map((r) => r.stream_id),
      missingJobs:
        [...expectedStreams].filter((s) => !postedStreams.has(s)).length +
        [...expectedJobIds].filter((id) => !jobIdsInReadModel.has(id)).length,
      unexpectedJobs: [...postedStreams].filter((s) => !expectedStreams.has(s)).length,
      jobRows: jobRows!.n,
      searchRows: searchRows!.n,
    };
  } finally {
    await pool.end();
  }
}

/** Every read-model table (and the search index's), as row count and a hash of the sorted rows. */
async function readModelDigest(
  databaseUrl: string,
  tables: readonly string[],
): Promise<Record<string, string>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const out: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await pool.query<{ n: number; h: string | null }>(
        `select count(*)::int as n, md5(string_agg(md5(t::text), ',' order by md5(t::text))) as h from ${table} t`,
      );
      out[table] = `${rows[0]!.n} rows ${rows[0]!.h ?? '-'}`;
    }
    const { rows } = await pool.query<{ name: string; commit_position: number; events_handled: number }>(
      `select name, commit_position, events_handled from projection_checkpoints
       where name = any($1::text[]) order by name`,
      [readModelProjectionNames()],
    );
    for (const r of rows) out[`checkpoint ${r.name}`] = `${r.commit_position} (${r.events_handled} events)`;
    return out;
  } finally {
    await pool.end();
  }
}

function readModelProjectionNames(): string[] {
  return allProjections({ search: {} as never, store: {} as never }).map((p) => p.name);
}

function readModelTables(): string[] {
  const tables = allProjections({ search: {} as never, store: {} as never }).flatMap((p) =>
    isExternalProjection(p) ? [] : [...(p.tables ?? [])],
  );
  return [...tables, ...SEARCH_TABLES];
}

/** Rebuilds every read model and the search index from the events, with the runner's rebuild. */
async function rebuildFromScratch(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  try {
    const store = await openEventStore({ pool });
    const search = await openSearchIndex({ pool });
    const runner = createProjectionRunner({ store, pool, projections: allProjections({ search, store }) });
    await runner.rebuild();
    await runner.stop();
    await store.close();
  } finally {
    await pool.end();
  }
}

/** The store facts of `database`, and its read models next to a rebuild of them in a template copy. */
async function verify(adminUrl: string, database: string, expectedJobIds: ReadonlySet<string>) {
  const url = withDatabase(adminUrl, database);
  const facts = await storeFacts(url, expectedJobIds);
  const tables = readModelTables();
  const afterCrashes = await readModelDigest(url, tables);
  const copy = await createDatabase(adminUrl, 'crash_rebuild', database);
  try {
    const copyUrl = withDatabase(adminUrl, copy);
    await rebuildFromScratch(copyUrl);
    const rebuilt = await readModelDigest(copyUrl, tables);
    return { facts, afterCrashes, rebuilt };
  } finally {
    await adminQuery(adminUrl, `drop database if exists "${copy}" with (force)`);
  }
}

function expectConsistent(
  result: Awaited<ReturnType<typeof verify>>,
  stats: ClientStats,
  jobs: number,
): void {
  const { facts } = result;
  expect(stats.anomalies).toEqual([]);
  expect(stats.itemsAcknowledged).toBe(jobs);
  expect(stats.ackedJobIds.size).toBe(jobs);
  expect(facts.duplicateEventIds).toBe(0);
  expect(facts.duplicateEventContents).toEqual([]);
  expect(facts.streamsWithTwoJobPosted).toEqual([]);
  expect(facts.jobPosted).toBe(jobs);
  // Every job was sent with one content: a re-sent batch must come back unchanged, never as an update.
  expect(facts.jobUpdated).toBe(0);
  // Appends are serialised and numbered max + 1, so a crash never leaves a hole in the global order.
  expect(facts.headPosition).toBe(facts.events);
  expect(facts.missingJobs).toBe(0);
  expect(facts.unexpectedJobs).toBe(0);
  expect(facts.jobRows).toBe(jobs);
  expect(facts.searchRows).toBe(jobs);
  expect(result.afterCrashes).toEqual(result.rebuilt);
}

/** CRASH_SAFETY_TRACE=<file>: a timestamped line per chaos step, for debugging a hang. */
function trace(message: string): void {
  const file = process.env.CRASH_SAFETY_TRACE;
  if (file) fs.appendFileSync(file, `${new Date().toISOString()} ${message}\n`);
}

function report(name: string, data: Record<string, unknown>): void {
  console.log(`[crash-safety] ${name}: ${JSON.stringify(data)}`);
}

/** `promise`, or an error naming `label` after `ms` (a hang fails the test with its cause, not a timeout). */
async function withTimeout<T>(label: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${label}: no result after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sleeps `ms`, or less once `stop()` is true. */
async function sleepUnless(ms: number, stop: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (!stop() && Date.now() < until) await sleep(Math.min(50, until - Date.now()));
}

/**
 * Posts `jobs` jobs and, until every batch is acknowledged, crashes something at random moments and
 * repairs it (`crashAndRecover`): between `minCrashes` and `maxCrashes` times, each after a batch was
 * acknowledged since the last one (so the run moves on), a random 0 to `maxDelayMs` ms later.
 */
async function ingestUnderChaos(options: {
  port: number;
  source: { sourceId: string; token: string };
  jobs: number;
  minCrashes: number;
  maxCrashes: number;
  maxDelayMs: number;
  crashAndRecover: (crash: number) => Promise<void>;
}): Promise<{ stats: ClientStats; crashes: number }> {
  const stats = newStats();
  let done = false;
  let cancelled = false;
  let crashes = 0;
  const ingestion = ingestAll({
    baseUrl: `http://127.0.0.1:${options.port}`,
    token: options.source.token,
    items: generateJobs({ count: options.jobs, seed: 7, now: NOW }),
    sourceId: options.source.sourceId,
    stats,
    cancelled: () => cancelled,
    gate: { crashes: () => crashes, min: options.minCrashes },
  }).finally(() => {
    done = true;
  });
  try {
    let since = -1;
    while (!done) {
      if (crashes >= options.maxCrashes) {
        await sleepUnless(60_000, () => done);
        continue;
      }
      // A batch acknowledged since the last crash, or one held back waiting for the next crash.
      while (!done && stats.acknowledged <= since && stats.held === 0) await sleep(25);
      await sleepUnless(between(0, options.maxDelayMs), () => done);
      if (done) break;
      trace(`crash ${crashes + 1} (acknowledged ${stats.acknowledged}/${stats.batches})`);
      await options.crashAndRecover(crashes + 1);
      crashes++;
      since = stats.acknowledged;
      trace(`recovered from crash ${crashes}`);
    }
  } catch (err) {
    // Without the recovery (say the server died), the client would retry for ever.
    cancelled = true;
    await ingestion.catch(() => undefined);
    throw err;
  }
  await ingestion;
  return { stats, crashes };
}

afterAll(async () => {
  await Promise.all([...live].map(kill));
});

describe('crash safety of ingestion and projections', () => {
  it('server killed with SIGKILL during ingestion: acknowledged jobs exist once, read models equal a rebuild', async () => {
    const JOBS = 10_000;
    const started = Date.now();
    const adminUrl = inject('pgAdminUrl');
    const database = await createDatabase(adminUrl, 'crash_server');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-server-'));
    const env: ServerEnv = {
      databaseUrl: withDatabase(adminUrl, database),
      port: await freePort(),
      dataDir,
      runProjections: true,
    };
    let server: Proc | null = null;
    try {
      const source = await createSource(env.databaseUrl);
      server = await startServer(env);
      const { stats, crashes: kills } = await ingestUnderChaos({
        port: env.port,
        source,
        jobs: JOBS,
        minCrashes: 8,
        maxCrashes: 12,
        maxDelayMs: 2000,
        crashAndRecover: async () => {
          await kill(server!);
          server = await startServer(env);
        },
      });
      await waitForProjections(env.databaseUrl, 60_000);
      expect(running(server), describeLog(server)).toBe(true);
      expect(await stopGracefully(server), describeLog(server)).toBe(0);
      const ingestSeconds = (Date.now() - started) / 1000;
      const result = await verify(adminUrl, database, stats.ackedJobIds);
      report('server SIGKILL', summary(JOBS, stats, result, { kills, ingestSeconds, started }));
      expect(kills).toBeGreaterThanOrEqual(8);
      expectConsistent(result, stats, JOBS);
    } finally {
      if (server) await kill(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(adminUrl, `drop database if exists "${database}" with (force)`);
    }
  }, 300_000);

  it('projections process killed with SIGKILL beside an API without projections: read models equal a rebuild', async () => {
    const JOBS = 3_000;
    const started = Date.now();
    const adminUrl = inject('pgAdminUrl');
    const database = await createDatabase(adminUrl, 'crash_projections');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-projections-'));
    const env: ServerEnv = {
      databaseUrl: withDatabase(adminUrl, database),
      port: await freePort(),
      dataDir,
      runProjections: false,
    };
    let api: Proc | null = null;
    let projections: Proc | null = null;
    try {
      const source = await createSource(env.databaseUrl);
      projections = await startProjections(env);
      api = await startServer(env);
      const { stats, crashes: kills } = await ingestUnderChaos({
        port: env.port,
        source,
        jobs: JOBS,
        minCrashes: 5,
        maxCrashes: 8,
        maxDelayMs: 2000,
        crashAndRecover: async () => {
          await kill(projections!);
          // Now and then the API answers without projections for a while (it waits for them up to 5 s).
          await sleep(between(0, 1500));
          projections = await startProjections(env);
        },
      });
      await waitForProjections(env.databaseUrl, 60_000);
      expect(running(api), describeLog(api)).toBe(true);
      expect(running(projections), describeLog(projections)).toBe(true);
      const [apiExit, projectionsExit] = await Promise.all([
        stopGracefully(api),
        stopGracefully(projections),
      ]);
      expect(apiExit, describeLog(api)).toBe(0);
      expect(projectionsExit, describeLog(projections)).toBe(0);
      const ingestSeconds = (Date.now() - started) / 1000;
      const result = await verify(adminUrl, database, stats.ackedJobIds);
      report('projections SIGKILL', summary(JOBS, stats, result, { kills, ingestSeconds, started }));
      expect(kills).toBeGreaterThanOrEqual(5);
      expectConsistent(result, stats, JOBS);
    } finally {
      if (api) await kill(api);
      if (projections) await kill(projections);
      fs.rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(adminUrl, `drop database if exists "${database}" with (force)`);
    }
  }, 300_000);

  it('PostgreSQL restarted during ingestion: the server survives, retried batches land once, read models equal a rebuild', async () => {
    const JOBS = 3_000;
    const started = Date.now();
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-pg-'));
    fs.chmodSync(pgDir, 0o755); // the embedded server runs as the postgres user
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-pg-app-'));
    const pgPort = await freePort();
    let postgres: EmbeddedHandle = await ensureEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    const adminUrl = postgres.adminUrl;
    let server: Proc | null = null;
    try {
      const database = await createDatabase(adminUrl, 'crash_pg');
      const env: ServerEnv = {
        databaseUrl: withDatabase(adminUrl, database),
        port: await freePort(),
        dataDir,
        runProjections: true,
      };
      const source = await createSource(env.databaseUrl);
      server = await startServer(env);
      let downMs = 0;
      const { stats, crashes: restarts } = await ingestUnderChaos({
        port: env.port,
        source,
        jobs: JOBS,
        minCrashes: 4,
        maxCrashes: 6,
        maxDelayMs: 2500,
        crashAndRecover: async (n) => {
          const stoppedAt = Date.now();
          // Every other restart is a crash (immediate shutdown: no checkpoint, WAL not yet written is lost,
          // so are the projections' asynchronous commits); the others a clean fast shutdown.
          if (n % 2 === 1) await crashPostgres(pgDir);
          else await withTimeout('stopping PostgreSQL', postgres.stop(), 60_000);
          await sleep(between(300, 1500));
          postgres = await withTimeout(
            'starting PostgreSQL again',
            ensureEmbeddedPostgres({ dataDir: pgDir, port: pgPort }),
            60_000,
          );
          downMs += Date.now() - stoppedAt;
          expect(running(server!), describeLog(server!)).toBe(true);
        },
      });
      await waitForProjections(env.databaseUrl, 90_000);
      // The same process all along: it rode out every restart on its own.
      expect(running(server), describeLog(server)).toBe(true);
      expect(await stopGracefully(server), describeLog(server)).toBe(0);
      const ingestSeconds = (Date.now() - started) / 1000;
      const result = await verify(adminUrl, database, stats.ackedJobIds);
      report(
        'PostgreSQL restart',
        summary(JOBS, stats, result, { kills: restarts, ingestSeconds, started, downMs }),
      );
      expect(restarts).toBeGreaterThanOrEqual(4);
      expectConsistent(result, stats, JOBS);
    } finally {
      if (server) await kill(server);
      await withTimeout('stopping PostgreSQL', postgres.stop(), 30_000).catch(() => crashPostgres(pgDir));
      fs.rmSync(pgDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

function summary(
  jobs: number,
  stats: ClientStats,
  result: Awaited<ReturnType<typeof verify>>,
  extra: { kills: number; ingestSeconds: number; started: number; downMs?: number },
): Record<string, unknown> {
  return {
    jobs,
    kills: extra.kills,
    ...(extra.downMs !== undefined ? { downMs: extra.downMs } : {}),
    batches: stats.batches,
    attempts: stats.attempts,
    acknowledged: stats.itemsAcknowledged,
    statuses: stats.statuses,
    failures: stats.failures,
    events: result.facts.events,
    duplicates: result.facts.duplicateEventContents.length + result.facts.streamsWithTwoJobPosted.length,
    ingestSeconds: extra.ingestSeconds,
    totalSeconds: (Date.now() - extra.started) / 1000,
  };
}
