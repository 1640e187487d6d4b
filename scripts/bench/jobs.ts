import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../budgets/server';
import { startLoadServer, type LoadServer } from '../load/server';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { createMemorySearchIndex, EmbeddedIndexFollower } from '@jobs/search';
import { untilSearchReady } from './typing';

import { BENCH_PG_PORT, benchServices, type BenchTarget } from './targets';
import { postgresCpuMs, processCpuMs } from './proc';
import { PREVIOUS } from './bulk';
import { ingestThroughApi } from './ingest';
import type { Row } from './eventstore';

const CONCURRENCY = 32;

const root = path.resolve(import.meta.dirname, '../..');

/** The real server (backend/src/main.ts) as its own process on the bench database, as `npm start` runs it. */
function startServer(databaseUrl: string): Promise<LoadServer> {
  return startLoadServer({ root, databaseUrl, log: () => undefined });
}

/** benchSearchScenarios in its own process (scripts/bench/search-child.ts), its metrics passed on. */
async function searchScenariosInChild(
  args: { databaseUrl: string; jobs: number; label?: string; env?: NodeJS.ProcessEnv },
  metric: (name: string, value: string) => void,
): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/search-child.ts', JSON.stringify(args)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let partial = '';
  child.stdout.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      const m = JSON.parse(line) as { name: string; value: string };
      metric(m.name, m.value);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`search scenarios exited with ${code}`);
}

/** The trivial Koa route in its own process. */
async function startNoopServer(): Promise<{ url: string; close(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/noop-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`noop server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill('SIGTERM') };
}

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Requests unanswered after 10 s, and answered with an error status or failed (HTTP loads only). */
  timeouts?: number;
  refused?: number;
}

async function load(url: string, seconds: number, paths?: string[]): Promise<Latency> {
  let i = 0;
  // Every response's own time, for exact percentiles (autocannon's summary has p90 and p97.5, no p95).
  const samples: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONCURRENCY,
        duration: seconds,
        pipelining: 1,
        // Distinct paths, one after the other: every request misses the caches.
        ...(paths
          ? {
              requests: [
                {
                  setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[i++ % paths.length] }),
                },
              ],
            }
          : {}),
      },
      (err, res) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status < 400) samples.push(responseTime);
    });
  });
  // A request still unanswered after autocannon's 10 s is a timeout: reported, not fatal.
  // The cache-miss phase (paths given) may overload the server on purpose: its refusals are reported, not fatal.
  if (!paths && (result.non2xx > 0 || result.errors > result.timeouts))
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    ...percentiles(samples),
    rps: samples.length / seconds,
    timeouts: result.timeouts,
    refused: result.non2xx + result.errors - result.timeouts,
  };
}

function percentiles(samples: number[]): Omit<Latency, 'rps'> {
  samples.sort((a, b) => a - b);
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? NaN;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99) };
}

/** Runs `fn` from CONCURRENCY loops for `seconds`, recording each call's latency (the floor, without HTTP). */
async function direct(seconds: number, fn: () => Promise<unknown>): Promise<Latency> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await fn();
        samples.push(performance.now() - t);
      }
    }),
  );
  return { ...percentiles(samples), rps: samples.length / seconds };
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString());

/**
 * Issue 3's bench: seeds N jobs through the real ingestion API, then measures the public calls under
 * load (autocannon, 32 connections) beside their floors: the same query straight on the database, and a
 * trivial Koa route.
 */
export async function benchJobs(t: BenchTarget, jobs: number, seconds: number): Promise<Row[]> {
  const rows: Row[] = [];
  // BENCH_DB=<name>: measure the HTTP calls on a database an earlier run kept (BENCH_KEEP=1), without seeding.
  const reuse = process.env.BENCH_DB;
  const keep = process.env.BENCH_KEEP === '1';
  const rebuild = process.env.BENCH_REBUILD !== '0';
  const db = reuse ? t.existingDatabase(reuse) : await t.freshDatabase('jobs');
  // The bench is one IP sending thousands of requests a second.
  const extra = { PUBLIC_API_LIMIT: '100000000' };
  // Here: the ingestion source, the rebuild and the floors. The server under test runs as its own process
  // (like `npm start`), so the load generator never shares its event loop.
  const services = await benchServices(db, 'cli', extra);
  let server = await startServer(db.url);
  const metric = (name: string, value: string) => rows.push({ target: t.label, metric: name, value });
  try {
    if (!reuse) {
      const source = await createIngestionSource(services.store, { name: 'bench' });
      await services.runner.waitForPosition(source.position, 10_000);

      // Ingestion end to end: POST batches of 500 (4 in flight), until the feed's count shows every job.
      const cpu = { server: processCpuMs(server.pid), pg: postgresCpuMs(BENCH_PG_PORT) };
      const timing = await ingestThroughApi({
        baseUrl: server.baseUrl,
        token: source.token,
        jobs,
        inFlight: 4,
        progress: (line) => process.stderr.write(`\r  ${line}   `),
      });
      process.stderr.write('\n');
      const perJob = (ms: number) => fmt(ms / jobs);
      metric(
        `ingestion API, ${jobs.toLocaleString()} jobs (500 a batch, 4 in flight) end to end until in the feed (jobs/s)`,
        fmt(jobs / (timing.visibleMs / 1000)),
      );
      metric(
        '  CPU ms/job (server: HTTP, ingestion, every projection; PostgreSQL)',
        `${perJob(processCpuMs(server.pid) - cpu.server)}; ${perJob(postgresCpuMs(BENCH_PG_PORT) - cpu.pg)}`,
      );
      metric('  previous', PREVIOUS.api);
      metric('ingestion API accepted (jobs/s)', fmt(jobs / (timing.acceptedMs / 1000)));

      // Projection catch-up: rebuild read models from the events, with the server stopped.
      if (rebuild) {
        await server.stop();
        const head = await services.store.countAfter(null, 10_000_000);
        for (const name of ['jobs', 'search-index'] as const) {
          const t0 = performance.now();
          await services.runner.rebuild(name);
          metric(
            `projection rebuild, ${name} read model (${head.toLocaleString()} events, events/s)`,
            fmt(head / ((performance.now() - t0) / 1000)),
          );
        }
        const t1 = performance.now();
        await services.runner.rebuild();
        metric(
          `projection rebuild, all read models (${head.toLocaleString()} events, events/s)`,
          fmt(head / ((performance.now() - t1) / 1000)),
        );
        server = await startServer(db.url);
      }
    }

    // The embedded index in this process, built from the events like a server without a snapshot: its build rate,
    // and the floors below (the index alone, without HTTP, the database or any cache). The server builds its own
    // first: two builds at once on two cores would halve the rate measured here.
    await untilSearchReady(server, performance.now(), 15 * 60_000);
    const jobEvents = await services.store.countAfter(null, 10_000_000);
    const t2 = performance.now();
    const embedded = new EmbeddedIndexFollower({ store: services.store });
    embedded.start();
    await embedded.whenReady();
    metric(
      `embedded index built from the events (${jobEvents.toLocaleString()} events, events/s)`,
      fmt(jobEvents / ((performance.now() - t2) / 1000)),
    );

    const { rows: pick } = await db.pool.query<{ slug: string }>(
      "select slug from jobs where status = 'live' order by random() limit 1",
    );
    const slug = pick[0]!.slug;
    // Floors query the index itself (the embedded one, as the server uses), not the caches the app puts in front.
    const search = createMemorySearchIndex(embedded.engine);
    const calls: { name: string; path: string; floor: () => Promise<unknown> }[] = [
      {
        name: 'feed (unfiltered)',
        path: '/api/jobs',
        floor: () => search.search({ sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 20 }),
      },
      {
        name: 'feed (filtered)',
        path: '/api/jobs?experienceLevel=Senior&isRemote=true&location=All%20Europe&salary=80k-120k',
        floor: () =>
          search.search({
            experienceLevel: 'Senior',
            isRemote: true,
            location: { kind: 'continent', continent: 'Europe', remoteOnly: false },
            salaryUsd: { min: 80_000, max: 120_000 },
            sortBy: 'datePosted',
            sortOrder: 'desc',
            page: 1,
            pageSize: 20,
          }),
      },
      {
        name: 'text search',
        path: '/api/jobs?title=react%20engineer',
        floor: () =>
          search.search({
            text: 'react engineer',
            // The same query as the HTTP path: the feed sorts by date unless asked otherwise.
            sortBy: 'datePosted',
            sortOrder: 'desc',
            page: 1,
            pageSize: 20,
          }),
      },
      { name: 'suggestions', path: '/api/suggestions?text=eng', floor: () => search.suggest('eng', 8) },
      {
        name: 'job by slug',
        path: `/api/jobs/${slug}`,
        floor: () => db.pool.query('select * from jobs where slug = $1', [slug]),
      },
    ];

    const trivialServer = await startNoopServer();
    const koaFloor = await load(`${trivialServer.url}/noop`, seconds);
    trivialServer.close();
    metric(
      'trivial Koa route p50 / p95 / p99 ms (req/s)',
      `${fmt(koaFloor.p50)} / ${fmt(koaFloor.p95)} / ${fmt(koaFloor.p99)} (${fmt(koaFloor.rps)})`,
    );

    for (const call of calls) {
      // Warm: one answer first (at a million jobs an uncached count can outlast a short warm-up), then 1 s of load.
      await fetch(`${server.baseUrl}${call.path}`).then((r) => r.arrayBuffer());
      await load(`${server.baseUrl}${call.path}`, 1);
      const h = await load(`${server.baseUrl}${call.path}`, seconds);
      const f = await direct(seconds, call.floor);
      metric(
        `${call.name} HTTP p50 / p95 / p99 ms (req/s)`,
        `${fmt(h.p50)} / ${fmt(h.p95)} / ${fmt(h.p99)} (${fmt(h.rps)})`,
      );
      metric(
        `${call.name} floor: query only p50 / p95 ms; HTTP/floor p95`,
        `${fmt(f.p50)} / ${fmt(f.p95)}; ${fmt(h.p95 / Math.max(f.p95, 0.01))}x`,
      );
    }

    // Cache misses: distinct queries (text × page × filter), each asked once.
    const words = [
      'engineer',
      'react',
      'python',
      'designer',
      'manager',
      'data',
      'sales',
      'support',
      'devops',
      'senior',
    ];
    const filters = [
      '',
      '&isRemote=true',
      '&experienceLevel=Senior',
      '&location=All%20Europe',
      '&type=Contract',
    ];
    const distinct: string[] = [];
    for (let p = 1; p <= 40; p++)
      for (const w of words) for (const f of filters) distinct.push(`/api/jobs?title=${w}&page=${p}${f}`);
    // Last: requests still running when the load stops keep the database busy for a while after it.
    const missSeconds = seconds * 2;
    const miss = await load(server.baseUrl, missSeconds, distinct);
    metric(
      'feed+search, distinct queries (cache misses) HTTP p50 / p95 / p99 ms (req/s)',
      (miss.rps > 0
        ? `${fmt(miss.p50)} / ${fmt(miss.p95)} / ${fmt(miss.p99)} (${fmt(miss.rps)})`
        : `none answered within ${missSeconds} s`) +
        (miss.timeouts ? `, ${miss.timeouts} over 10 s` : '') +
        (miss.refused ? `, ${miss.refused} answered with an error status` : ''),
    );
    await embedded.stop({ snapshot: false });
    await server.stop();
    await searchScenariosInChild({ databaseUrl: db.url, jobs }, metric);
    if (process.env.MEILI_URL) {
      // The same scenarios on Meilisearch: fill it from the events first (the search-index projection, pointed at it).
      const meili = await benchServices(db, 'cli', { ...extra, MEILI_URL: process.env.MEILI_URL });
      try {
        await meili.runner.rebuild('search-index');
      } finally {
        await meili.close();
      }
      await searchScenariosInChild(
        {
          databaseUrl: db.url,
          jobs,
          label: 'Meilisearch',
          env: { MEILI_URL: process.env.MEILI_URL, MEILI_MASTER_KEY: process.env.MEILI_MASTER_KEY ?? '' },
        },
        metric,
      );
    }
  } finally {
    await server.stop();
    await services.close();
    if (keep && !reuse) {
      await db.pool.end();
      console.error(`kept the database: BENCH_DB=${db.name}`);
    } else await db.drop();
  }
  return rows;
}
