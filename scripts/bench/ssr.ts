import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../budgets/server';
import type { Row } from './eventstore';

/**
 * `BENCH_ONLY=ssr npm run bench` (issue 23, point 6): server rendering must not slow the server. The real
 * server (production build, `npm run build` first) on BENCH_SSR_JOBS jobs (default 100,000, seeded in-process
 * by the server's first start; BENCH_SSR_DATA_DIR keeps and reuses a seeded data directory), then
 * BENCH_SSR_CONCURRENCY (default 8) visitors opening DISTINCT job pages (BENCH_SSR_PAGES, default 400) and
 * distinct search URLs (half as many), cold: each URL once, nothing cached. Beside them the floor, measured in
 * the same run at the same concurrency: GET /healthz (the same server and middleware, one PostgreSQL ping),
 * before and after the pages. Prints p50/p95 of each, the job p95 / floor p95 ratio (target ≤ 3), and the
 * React render's CPU per page from the server's own `Server-Timing: render-cpu` header (target p95 ≤ 5 ms).
 * BENCH_SSR_URL measures a server that is already running instead.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  ms: number;
  status: number;
  bytes: number;
  /** Server-Timing entries (name → ms). */
  timing: Record<string, number>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET as a browser sends it (compressed answer), timed to the last byte. */
function get(url: string): Promise<Sample> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { agent, headers: { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'text/html,*/*' } },
        (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => (bytes += c.length));
          res.on('end', () =>
            resolve({
              ms: performance.now() - started,
              status: res.statusCode ?? 0,
              bytes,
              timing: parseServerTiming(String(res.headers['server-timing'] ?? '')),
            }),
          );
        },
      )
      .on('error', reject);
  });
}

export function parseServerTiming(header: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const dur = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    if (name && dur) out[name] = Number(dur.slice(4));
  }
  return out;
}

/** `concurrency` visitors taking the next URL until none is left: every URL once. */
async function visit(urls: readonly string[], concurrency: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) samples.push(await get(urls[next++]!));
    }),
  );
  return samples;
}

function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString());

/** Distinct, realistic search URLs of the home page (what a link or a search engine opens). */
export function searchUrls(count: number): string[] {
  const words = [
    'engineer',
    'developer',
    'designer',
    'data',
    'product',
    'manager',
    'senior',
    'frontend',
    'backend',
    'devops',
    'marketing',
    'sales',
    'support',
    'python',
    'react',
    'analyst',
    'writer',
    'security',
    'mobile',
    'platform',
  ];
  const extras = [
    '',
    '&isRemote=true',
    '&experienceLevel=Senior',
    '&type=Full%20Time',
    '&isRemote=true&sortBy=title&sortOrder=asc',
    '&workFrom=Germany',
    '&salary=100k-150k',
    '&isRemote=false',
    '&experienceLevel=Mid%20Level&isRemote=true',
    '&sortBy=company&sortOrder=asc',
  ];
  const out: string[] = [];
  for (const extra of extras)
    for (const w of words) {
      if (out.length >= count) return out;
      out.push(`/?search=${w}${extra}`);
    }
  for (let page = 2; out.length < count; page++)
    out.push(`/?search=${words[page % words.length]}&page=${page}`);
  return out;
}

/**
 * Distinct job slugs spread over the whole board (pages of the feed far apart), `count` of them, from a random
 * offset: a run on a reused board (BENCH_SSR_DATA_DIR) opens other jobs than the run before, whose similar-jobs
 * lists that run stored, so the pages stay cold. BENCH_SSR_OFFSET fixes the offset: the same pages again (a first
 * run stores their lists, a second measures pages whose lists are stored).
 */
async function jobPaths(baseUrl: string, count: number): Promise<string[]> {
  const first = (await (await fetch(`${baseUrl}/api/jobs?fields=card`)).json()) as { totalPages: number };
  const pages = Math.max(1, first.totalPages);
  const wanted = Math.ceil(count / 20);
  const fixed = process.env.BENCH_SSR_OFFSET;
  const offset = fixed ? Number(fixed) : Math.floor(Math.random() * Math.max(1, pages / wanted));
  const paths = new Set<string>();
  for (let i = 0; i < wanted && paths.size < count; i++) {
    const page = 1 + ((offset + Math.floor((i * pages) / wanted)) % pages);
    const res = await fetch(`${baseUrl}/api/jobs?fields=card&page=${page}`);
    const body = (await res.json()) as { data: { id: number; slug?: string }[] };
    for (const j of body.data) paths.add(`/jobs/${encodeURIComponent(j.slug ?? String(j.id))}`);
  }
  return [...paths].slice(0, count);
}

export async function benchSsr(): Promise<Row[]> {
  const jobs = Number(process.env.BENCH_SSR_JOBS ?? 100_000);
  const concurrency = Number(process.env.BENCH_SSR_CONCURRENCY ?? 8);
  const pageCount = Number(process.env.BENCH_SSR_PAGES ?? 400);
  const log = (line: string) => console.error(`… ${line}`);
  const root = path.resolve(import.meta.dirname, '../..');
  const server = process.env.BENCH_SSR_URL
    ? { baseUrl: process.env.BENCH_SSR_URL.replace(/\/+$/, ''), stop: async () => undefined }
    : await startServer({ root, jobs, dataDir: process.env.BENCH_SSR_DATA_DIR, log });
  const rows: Row[] = [];
  try {
    const { baseUrl } = server;
    const live = ((await (await fetch(`${baseUrl}/api/jobs/count`)).json()) as { total: number }).total;
    const target = `server, ${live.toLocaleString('en')} jobs, ${concurrency} visitors`;
    const metric = (name: string, value: string) => {
      rows.push({ target, metric: name, value });
      process.stderr.write(`  ${name}: ${value}\n`);
    };
    const jobUrls = (await jobPaths(baseUrl, pageCount)).map((p) => `${baseUrl}${p}`);
    const searches = searchUrls(Math.ceil(pageCount / 2)).map((p) => `${baseUrl}${p}`);
    // Load the page chunks and React once (the first render after a start imports the server build).
    await get(`${baseUrl}/about`);
    await sleep(500);
    const floorUrls = Array.from({ length: pageCount }, () => `${baseUrl}/healthz`);
    log(`floor: ${floorUrls.length} × /healthz`);
    const floor = await visit(floorUrls, concurrency);
    log(`${jobUrls.length} distinct job pages`);
    const jobSamples = await visit(jobUrls, concurrency);
    log(`${searches.length} distinct search URLs`);
    const searchSamples = await visit(searches, concurrency);
    floor.push(...(await visit(floorUrls, concurrency)));

    const line = (samples: Sample[]) => {
      const ms = samples.map((s) => s.ms);
      const bad = samples.filter((s) => s.status >= 500).length;
      return `${fmt(percentile(ms, 50))} / ${fmt(percentile(ms, 95))} ms (n=${samples.length}${bad ? `, ${bad} × 5xx` : ''})`;
    };
    const cpu = (samples: Sample[]) => {
      const xs = samples.map((s) => s.timing['render-cpu']).filter((x): x is number => x !== undefined);
      return xs.length
        ? `${fmt(percentile(xs, 50))} / ${fmt(percentile(xs, 95))} ms (n=${xs.length})`
        : 'no Server-Timing';
    };
    const floorP95 = percentile(
      floor.map((s) => s.ms),
      95,
    );
    const jobP95 = percentile(
      jobSamples.map((s) => s.ms),
      95,
    );
    const searchP95 = percentile(
      searchSamples.map((s) => s.ms),
      95,
    );
    const statuses = (samples: Sample[]) =>
      Object.entries(
        samples.reduce<Record<number, number>>((a, s) => ({ ...a, [s.status]: (a[s.status] ?? 0) + 1 }), {}),
      )
        .map(([k, v]) => `${v} × ${k}`)
        .join(', ');
    metric('floor GET /healthz p50 / p95', line(floor));
    metric('job pages (distinct, cold) p50 / p95', line(jobSamples));
    metric('search URLs (distinct, cold) p50 / p95', line(searchSamples));
    metric('job p95 / floor p95 (target ≤ 3)', `${(jobP95 / floorP95).toFixed(2)}x`);
    metric('search p95 / floor p95', `${(searchP95 / floorP95).toFixed(2)}x`);
    metric('job page React render CPU p50 / p95 (target p95 ≤ 5 ms)', cpu(jobSamples));
    metric('search page React render CPU p50 / p95', cpu(searchSamples));
    const data = (samples: Sample[]) => {
      const xs = samples.map((s) => s.timing.data).filter((x): x is number => x !== undefined);
      return `${fmt(percentile(xs, 50))} / ${fmt(percentile(xs, 95))} ms`;
    };
    metric('job page data (renderer, PostgreSQL) p50 / p95', data(jobSamples));
    metric('search page data (renderer, search) p50 / p95', data(searchSamples));
    metric('statuses', `jobs ${statuses(jobSamples)}; searches ${statuses(searchSamples)}`);
    metric(
      'machine',
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    agent.destroy();
    await server.stop();
  }
  return rows;
}
