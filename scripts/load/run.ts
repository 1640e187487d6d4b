import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createPostgresEventStore } from '../../backend/src/eventstore';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { ingestThroughApi, type IngestTiming } from '../bench/ingest';
import { FLAT_MB_PER_MIN, MIN_MAJOR_GCS, MemorySampler, type MemorySeries } from './memory';
import { LOAD_PUBLIC_API_LIMIT, startLoadServer, type LoadServer } from './server';
import { Recorder, type CallStats } from './stats';
import { CALLS, runVisitor } from './visitor';
import { retries } from './client';

export interface LoadOptions {
  /** The repository root (the server runs from there and serves frontend/site/dist). */
  root: string;
  jobs: number;
  seconds: number;
  visitors: number;
  /** Think time between a visitor's steps, [min, max] ms (default 200–800). */
  thinkMs?: [number, number];
  /** A fresh database for the server this run starts and seeds. */
  database?: { url: string; pool: pg.Pool };
  /** An already-running server instead: nothing is started or seeded. */
  url?: string;
  /** That server's process id, for RSS sampling (same machine only). */
  pid?: number;
  log?: (line: string) => void;
}

export interface MemoryReport {
  rss: MemorySeries | null;
  heapUsed: MemorySeries | null;
  heapAfterGc: MemorySeries | null;
  majorGcsInSecondHalf: number | null;
  /** RSS and heap used after the latest major GC, every 10 s of the load. */
  timeline: { t: number; rssMb: number; heapAfterGcMb: number | null }[];
  /** Which series the flat judgement used. */
  basis: 'heap after major GC' | 'RSS' | null;
  flat: boolean | null;
}

export interface LoadReport {
  baseUrl: string;
  liveJobs: number;
  visitors: number;
  seconds: number;
  sessions: number;
  calls: CallStats[];
  total: number;
  errors: number;
  firstErrors: string[];
  requestsPerSecond: number;
  memory: MemoryReport | null;
  /** The PUBLIC_API_LIMIT the started server ran with (null: an external server, not known). */
  publicApiLimit: number | null;
  /** Each session connected from its own loopback address. */
  distinctAddresses: boolean;
  seeding: IngestTiming | null;
  /** GETs sent again after the server closed their idle keep-alive socket as they went out (not errors). */
  keepAliveRetries: number;
  serverErrorLines: string[];
  loadAverage: number[];
}

/** Session n's source address: 127.a.b.c, never 127.0.0.1, distinct for 15 million sessions. */
function loopbackAddress(n: number): string {
  return `127.${1 + (Math.floor(n / 62_500) % 254)}.${1 + (Math.floor(n / 250) % 250)}.${1 + (n % 250)}`;
}

/**
 * `npm run load`'s engine: starts (or targets) the server, seeds it through the ingestion API, runs the
 * visitors for `seconds` while sampling the server's memory, and returns the figures.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => undefined);
  let server: LoadServer | null = null;
  let seeding: IngestTiming | null = null;
  let sampler: MemorySampler | null = null;
  try {
    let baseUrl: string;
    if (options.url) {
      baseUrl = options.url.replace(/\/+$/, '');
    } else {
      if (!options.database) throw new Error('runLoad needs a database or a url');
      if (!fs.existsSync(path.join(options.root, 'frontend/site/dist/index.html')))
        throw new Error('Build the site first: npm run build');
      server = await startLoadServer({ root: options.root, databaseUrl: options.database.url, log });
      baseUrl = server.baseUrl;
      // The server has migrated the event store; the source is created beside it, like `npm run source:create`.
      const store = await createPostgresEventStore(options.database.pool);
      const source = await createIngestionSource(store, { name: 'load test' }, { actor: 'system:load' });
      await store.close();
      log(`seeding ${options.jobs.toLocaleString('en')} jobs through POST /api/ingest/jobs`);
      seeding = await ingestThroughApi({ baseUrl, token: source.token, jobs: options.jobs, progress: log });
      log(
        `seeded in ${(seeding.visibleMs / 1000).toFixed(0)} s (${Math.round(options.jobs / (seeding.visibleMs / 1000))} jobs/s until in the feed)`,
      );
    }
    const base = new URL(baseUrl);
    const liveJobs = ((await (await fetch(`${baseUrl}/api/jobs/count`)).json()) as { total: number }).total;

    const pid = server?.pid ?? options.pid;
    if (pid) {
      sampler = new MemorySampler(pid, server?.child);
      sampler.start();
      // A few seconds of the idle, seeded server (and the first heap report) before the load.
      await new Promise((r) => setTimeout(r, 3000));
    }

    const distinctAddresses = /^127\.\d+\.\d+\.\d+$/.test(base.hostname);
    let sessionNumber = crypto.randomInt(0, 1_000_000);
    let emailNumber = 0;
    const recorder = new Recorder();
    const runId = crypto.randomBytes(4).toString('hex');
    log(
      `${options.visitors} visitors for ${options.seconds} s against ${liveJobs.toLocaleString('en')} live jobs`,
    );
    retries.keepAliveRace = 0;
    sampler?.markLoadStart();
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    const results = await Promise.all(
      Array.from({ length: options.visitors }, async (_, i) => {
        // Visitors arrive over the first second, not all in the same millisecond.
        await new Promise((r) => setTimeout(r, (i * 1000) / options.visitors));
        return runVisitor({
          base,
          recorder,
          deadline,
          runId,
          thinkMs: options.thinkMs ?? [200, 800],
          nextAddress: () => (distinctAddresses ? loopbackAddress(sessionNumber++) : undefined),
          nextSession: () => ++emailNumber,
        });
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    sampler?.stop();

    let memory: MemoryReport | null = null;
    if (sampler) {
      const rss = sampler.series(options.seconds, (s) => s.rssMb);
      const heapUsed = sampler.series(options.seconds, (s) => s.heapUsedMb);
      const heapAfterGc = sampler.series(options.seconds, (s) => s.heapAfterGcMb);
      const majorGcs = sampler.majorGcsInSecondHalf(options.seconds);
      const byHeap = heapAfterGc !== null && (majorGcs ?? 0) >= MIN_MAJOR_GCS;
      const basisSeries = byHeap ? heapAfterGc : rss;
      memory = {
        rss,
        heapUsed,
        heapAfterGc,
        majorGcsInSecondHalf: majorGcs,
        timeline: sampler.samples
          .filter((x) => x.t >= -0.5 && x.t <= options.seconds + 1.5)
          .filter(
            (x, i, all) =>
              i === 0 || i === all.length - 1 || Math.floor(x.t / 10) > Math.floor(all[i - 1]!.t / 10),
          )
          .map((x) => ({ t: Math.round(x.t), rssMb: x.rssMb, heapAfterGcMb: x.heapAfterGcMb })),
        basis: byHeap ? 'heap after major GC' : rss ? 'RSS' : null,
        flat: basisSeries ? basisSeries.slopeMbPerMin < FLAT_MB_PER_MIN : null,
      };
    }
    return {
      baseUrl,
      liveJobs,
      visitors: options.visitors,
      seconds: elapsed,
      sessions: results.reduce((a, r) => a + r.sessions, 0),
      calls: recorder.stats(CALLS),
      total: recorder.total,
      errors: recorder.errors,
      firstErrors: recorder.firstErrors,
      requestsPerSecond: recorder.total / elapsed,
      memory,
      publicApiLimit: server ? LOAD_PUBLIC_API_LIMIT : null,
      distinctAddresses,
      seeding,
      keepAliveRetries: retries.keepAliveRace,
      serverErrorLines: server?.errorLines() ?? [],
      loadAverage: os.loadavg(),
    };
  } finally {
    sampler?.stop();
    await server?.stop();
  }
}

const ms = (n: number) =>
  Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en');
const mb = (n: number) => n.toFixed(1);

/** The report as Markdown: the per-call table, the totals, memory, and the first errors. */
export function formatReport(r: LoadReport): string {
  const out: string[] = [];
  const head = ['call', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'];
  const rows = r.calls.map((c) => [
    c.name,
    c.count.toLocaleString('en'),
    String(c.errors),
    ms(c.p50),
    ms(c.p95),
    ms(c.p99),
  ]);
  rows.push(['**all calls**', r.total.toLocaleString('en'), String(r.errors), '', '', '']);
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join(' | ')} |`;
  out.push(line(head));
  out.push(`|${width.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|')}|`);
  for (const row of rows) out.push(line(row));
  out.push('');
  out.push(
    `${r.visitors} visitors, ${r.seconds.toFixed(1)} s, ${r.sessions.toLocaleString('en')} visits completed, ` +
      `${r.total.toLocaleString('en')} requests, **${r.requestsPerSecond.toFixed(1)} requests/s**, ` +
      `${r.errors} errors; ${r.liveJobs.toLocaleString('en')} live jobs.`,
  );
  if (r.keepAliveRetries)
    out.push(
      `${r.keepAliveRetries} GET(s) were sent again after ECONNRESET on a reused keep-alive socket (the server closed it idle as the request went out; browsers retry the same way).`,
    );
  if (r.seeding)
    out.push(
      `Seeding through the ingestion API: ${(r.seeding.acceptedMs / 1000).toFixed(0)} s accepted, ` +
        `${(r.seeding.visibleMs / 1000).toFixed(0)} s until all were in the feed.`,
    );
  out.push(
    r.publicApiLimit === null
      ? 'Server: already running (LOAD_URL); its PUBLIC_API_LIMIT is its own.'
      : `Server started with PUBLIC_API_LIMIT=${r.publicApiLimit.toLocaleString('en')} (the site's own requests get 10x), SEED_JOBS=0, NODE_ENV=production, outbox mail (no SMTP_URL).`,
  );
  out.push(
    r.distinctAddresses
      ? 'Each visit connected from its own loopback address (127.a.b.c), so per-IP limits (public reads; alert subscriptions, 20 per IP an hour) count one visitor, as in production.'
      : 'All visits came from one address: per-IP limits count the whole test as one visitor.',
  );
  if (r.memory) {
    const m = r.memory;
    const row = (label: string, s: MemorySeries | null) =>
      s
        ? `| ${label} | ${mb(s.startMb)} | ${mb(s.peakMb)} | ${mb(s.endMb)} | ${s.slopeMbPerMin >= 0 ? '+' : ''}${s.slopeMbPerMin.toFixed(1)} |`
        : `| ${label} | - | - | - | - |`;
    out.push('');
    out.push('| server memory (MB) | start | peak | end | second-half slope MB/min |');
    out.push('|---|--:|--:|--:|--:|');
    out.push(row('RSS (/proc/pid/status VmRSS)', m.rss));
    out.push(row('V8 heap used', m.heapUsed));
    out.push(row('V8 heap used after major GC', m.heapAfterGc));
    out.push('');
    out.push(
      `Every 10 s (RSS / heap after major GC, MB): ${m.timeline
        .map(
          (x) =>
            `${x.t}s ${Math.round(x.rssMb)}/${x.heapAfterGcMb === null ? '-' : Math.round(x.heapAfterGcMb)}`,
        )
        .join(', ')}.`,
    );
    out.push(
      m.flat === null
        ? 'Memory: not enough samples to judge.'
        : `Memory is **${m.flat ? 'flat' : 'NOT flat'}**: the second-half slope of the ${m.basis} is ` +
            `${(m.basis === 'RSS' ? m.rss : m.heapAfterGc)!.slopeMbPerMin.toFixed(1)} MB/min ` +
            `(flat means under ${FLAT_MB_PER_MIN} MB/min; ${m.majorGcsInSecondHalf ?? 'no'} major GCs in the second half, ` +
            `the heap after GC is the basis from ${MIN_MAJOR_GCS} on, RSS below that).`,
    );
    if (m.basis === 'RSS' && m.heapUsed !== null)
      out.push(
        `With fewer than ${MIN_MAJOR_GCS} major GCs in the second half the server is still warming up (V8 grows its heap and the bounded caches fill before its first full collections): run longer (LOAD_SECONDS=240) for a verdict on the live heap.`,
      );
  }
  out.push(`Load average at the end: ${r.loadAverage.map((l) => l.toFixed(1)).join(' ')} (2 cores).`);
  if (r.serverErrorLines.length) {
    out.push('');
    out.push(`Server logged ${r.serverErrorLines.length} error line(s); the first:`);
    for (const l of r.serverErrorLines.slice(0, 3)) out.push(`  ${l}`);
  }
  if (r.firstErrors.length) {
    out.push('');
    out.push(`First ${r.firstErrors.length} errors:`);
    for (const e of r.firstErrors) out.push(`  ${e}`);
  }
  return out.join('\n');
}
