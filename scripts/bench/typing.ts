import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { send } from '../load/client';
import { startLoadServer, type LoadServer } from '../load/server';

/**
 * Issue 17's scenarios, against a freshly started server on a seeded database:
 * - typing: people type whole queries keystroke by keystroke; every keystroke asks the feed
 *   (GET /api/jobs?title=<prefix>&page=1) and, from 2 characters, the suggestions; 1 and 8 people at once;
 *   ordinary queries, misspelled ones and ones that match nothing; each person types different queries.
 * - browsing: visitors open filter combinations (place, experience, type, salary, recency, remote), every sort
 *   order and later pages, each URL once.
 * Both run with answer reuse off (SEARCH_CACHE_SECONDS=0), so every request reaches the index. The floor is the
 * cached home feed at the same concurrency, measured in the same run on a server with its defaults.
 */

/** What people type on a job board: roles, skills, places, misspellings, and words that match nothing. */
export const TYPED_QUERIES = [
  'react developer',
  'senior backend engineer',
  'python',
  'javascript',
  'project manager',
  'ml engineer',
  'data scientist',
  'devops',
  'kubernetes',
  'golang',
  'product designer',
  'customer support',
  'sales development',
  'marketing manager',
  'technical writer',
  'rust',
  'ios developer',
  'android engineer',
  'qa engineer',
  'site reliability',
  'machine learning',
  'frontend',
  'full stack',
  'typescript node',
  'security engineer',
  'data analyst',
  'account executive',
  'engineering manager',
  'head of growth',
  'copywriter',
  'ux researcher',
  'cloud architect',
  'aws',
  'terraform',
  'postgres',
  'figma',
  'salesforce admin',
  'recruiter',
  'community manager',
  'support engineer',
  'remote europe',
  'berlin',
  'london',
  'new york',
  'canada',
  'part time',
  'contract',
  'internship',
  'junior developer',
  'staff engineer',
  'principal',
  'director of engineering',
  'vp marketing',
  'blockchain',
  'fintech',
  'healthcare',
  'payments platform',
  'embedded systems',
  'game developer',
  'unity',
  'content strategist',
  'seo specialist',
  'social media',
  'bookkeeper',
  'operations manager',
  // misspelled
  'enginer',
  'developr',
  'pyhton',
  'javscript',
  'kubernets',
  'desinger',
  'managr',
  'analist',
  'recrutier',
  'marketting',
  'sofware engineer',
  'reactjs devloper',
  'custmer suport',
  // nothing (or nearly) matches
  'zz',
  'gol',
  'scr',
  'blo',
  'xylophone tuner',
  'qwertyuiop',
  'zzz top',
  'quokka wrangler',
];

export interface Latencies {
  samples: number[];
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
  return { n: s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s[s.length - 1] ?? NaN };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** BENCH_ACCEPT_ENCODING (e.g. `identity`, `br`): what the simulated browsers accept (default `gzip, deflate, br`). */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

/**
 * The simulated browsers' client: node:http with a keep-alive agent (scripts/load/client.ts), the body read in full
 * and decoded. The clients share the server's two cores, so the cheapest correct client measures the server best:
 * with fetch (undici) the cached home feed's p95 at 8 at once was 23.6 ms, with node:http 11.6 ms
 * (scripts/bench/client-check.ts).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

async function timedGet(url: string, into: number[], errors: string[]): Promise<void> {
  const started = performance.now();
  try {
    const u = new URL(url);
    const res = await send(
      agent,
      u,
      'GET',
      `${u.pathname}${u.search}`,
      ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {},
    );
    if (res.status >= 400) errors.push(`${res.status} ${url}`);
    else into.push(performance.now() - started);
  } catch (err) {
    errors.push(`${(err as Error).message} ${url}`);
  }
}

/** `people` type their share of TYPED_QUERIES keystroke by keystroke, pausing `pauseMs` between keystrokes. */
export async function typing(
  baseUrl: string,
  people: number,
  pauseMs: number,
): Promise<{ feed: number[]; suggestions: number[]; errors: string[]; keystrokes: number }> {
  const feed: number[] = [];
  const suggestions: number[] = [];
  const errors: string[] = [];
  let keystrokes = 0;
  await Promise.all(
    Array.from({ length: people }, async (_, person) => {
      const mine = TYPED_QUERIES.filter((_, i) => i % people === person);
      for (const query of mine) {
        for (let n = 1; n <= query.length; n++) {
          const typed = query.slice(0, n);
          if (typed.endsWith(' ')) continue; // the box holds the space; the request is the same as before it
          keystrokes++;
          const title = encodeURIComponent(typed);
          const asks = [timedGet(`${baseUrl}/api/jobs?title=${title}&page=1`, feed, errors)];
          if (typed.trim().length >= 2)
            asks.push(timedGet(`${baseUrl}/api/suggestions?text=${title}`, suggestions, errors));
          await Promise.all(asks);
          if (pauseMs) await sleep(pauseMs);
        }
      }
    }),
  );
  return { feed, suggestions, errors, keystrokes };
}

/** Distinct browsing URLs: filter combinations, sort orders and later pages, in a fixed pseudo-random order. */
export function browsingUrls(count: number): string[] {
  const options: Record<string, (string | null)[]> = {
    location: [
      null,
      null,
      'All Europe',
      'Remote in North America',
      'Remote (Worldwide)',
      'United States',
      'Germany',
      'Berlin',
      'All Asia',
    ],
    experienceLevel: [null, null, 'Senior', 'Entry', 'Mid-level'],
    type: [null, null, 'Full Time', 'Contract', 'Part Time'],
    salary: [null, null, '80k-120k', '150k+', '50k-80k'],
    duration: [null, null, '7d', '30d', '24h'],
    isRemote: [null, 'true', 'false'],
  };
  const sorts = [
    ['datePosted', 'desc'],
    ['datePosted', 'asc'],
    ['title', 'asc'],
    ['title', 'desc'],
    ['company', 'asc'],
    ['company', 'desc'],
  ];
  let seed = 12345;
  const rnd = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const seen = new Set<string>();
  const out: string[] = [];
  for (let guard = 0; out.length < count && guard < count * 50; guard++) {
    const params = new URLSearchParams();
    for (const [name, values] of Object.entries(options)) {
      const v = values[rnd(values.length)];
      if (v) params.set(name, v);
    }
    const [sortBy, sortOrder] = sorts[rnd(sorts.length)]!;
    params.set('sortBy', sortBy!);
    params.set('sortOrder', sortOrder!);
    params.set('page', String([1, 1, 2, 3, 5, 10][rnd(6)]));
    const url = `/api/jobs?${params.toString()}`;
    if (seen.has(url)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}

export async function browsing(
  baseUrl: string,
  visitors: number,
  urls: string[],
  pauseMs: number,
): Promise<{ feed: number[]; errors: string[] }> {
  const feed: number[] = [];
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: visitors }, async (_, v) => {
      for (let i = v; i < urls.length; i += visitors) {
        await timedGet(`${baseUrl}${urls[i]}`, feed, errors);
        if (pauseMs) await sleep(pauseMs);
      }
    }),
  );
  return { feed, errors };
}

/** The floor: the home feed (cached) asked by `clients` at once, with the same pause, for `seconds`. */
export async function cachedFloor(baseUrl: string, clients: number, seconds: number, pauseMs: number) {
  const feed: number[] = [];
  const errors: string[] = [];
  const end = performance.now() + seconds * 1000;
  await timedGet(`${baseUrl}/api/jobs`, [], errors); // fill the cache
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        await timedGet(`${baseUrl}/api/jobs`, feed, errors);
        if (pauseMs) await sleep(pauseMs);
      }
    }),
  );
  return summarize(feed);
}

/** Resident memory of a process, from /proc (Linux): current and peak, in MB. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** Polls /healthz until the embedded index is ready (or the server uses another index); returns the ms taken. */
export async function untilSearchReady(
  server: LoadServer,
  startedAt: number,
  timeoutMs: number,
): Promise<number> {
  const end = startedAt + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${server.baseUrl}/healthz`);
      const body = (await res.json()) as { checks?: { search?: { embedded?: { state: string } } } };
      const embedded = body.checks?.search?.embedded;
      if (!embedded || embedded.state === 'ready') return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() > end) throw new Error(`search not ready within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** A server with its own data directory (so a snapshot written by one start is read by the next). */
export async function startBenchServer(
  root: string,
  databaseUrl: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ server: LoadServer; readyMs: number }> {
  const startedAt = performance.now();
  const server = await startLoadServer({
    root,
    databaseUrl,
    log: () => undefined,
    env: { DATA_DIR: dataDir, ...env },
  });
  const readyMs = await untilSearchReady(server, startedAt, 15 * 60_000);
  return { server, readyMs };
}

export function benchDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-bench-data-'));
}

export interface SearchScenarioOptions {
  root: string;
  databaseUrl: string;
  jobs: number;
  metric: (name: string, value: string) => void;
  fmt: (n: number) => string;
  /** Pause between one person's keystrokes, and between one visitor's pages (BENCH_TYPING_PAUSE_MS, default 50). */
  pauseMs?: number;
  /** Extra server environment (MEILI_URL for the Meilisearch run). */
  env?: NodeJS.ProcessEnv;
  label?: string;
}

/** The typing and browsing scenarios with their floors, start-up from the events and from a snapshot, and memory. */
export async function benchSearchScenarios(o: SearchScenarioOptions): Promise<void> {
  const pause = o.pauseMs ?? Number(process.env.BENCH_TYPING_PAUSE_MS ?? 50);
  const big = o.jobs >= 500_000;
  const label = o.label ? `${o.label}: ` : '';
  const targets = big
    ? {
        typing8p95: 80,
        typing8p99: 250,
        typing8max: Infinity,
        typing1p95: Infinity,
        suggestP95: Infinity,
        browseP95: Infinity,
        memoryMb: 4096,
        readyMs: 60_000,
      }
    : {
        typing8p95: 30,
        typing8p99: 100,
        typing8max: 300,
        typing1p95: 15,
        suggestP95: 10,
        browseP95: 30,
        memoryMb: 1024,
        readyMs: 10_000,
      };
  const mark = (ok: boolean) => (ok ? ' ✓' : ' ✗');
  const line = (s: Summary) =>
    `${o.fmt(s.p50)} / ${o.fmt(s.p95)} / ${o.fmt(s.p99)} / ${o.fmt(s.max)} (${s.n})`;
  const dataDir = benchDataDir();
  try {
    // 1. Cold: a fresh process, no snapshot (it reads every job event), answer reuse off.
    const cold = await startBenchServer(o.root, o.databaseUrl, dataDir, {
      SEARCH_CACHE_SECONDS: '0',
      ...o.env,
    });
    o.metric(
      `${label}start-up without a snapshot, until searches use the embedded index (s)`,
      o.fmt(cold.readyMs / 1000),
    );
    const results: Record<string, { feed: Summary; suggestions?: Summary; errors: number }> = {};
    try {
      for (const people of [1, 8]) {
        const r = await typing(cold.server.baseUrl, people, pause);
        results[`typing${people}`] = {
          feed: summarize(r.feed),
          suggestions: summarize(r.suggestions),
          errors: r.errors.length,
        };
      }
      const b = await browsing(cold.server.baseUrl, 8, browsingUrls(400), pause);
      results.browse8 = { feed: summarize(b.feed), errors: b.errors.length };
      const memory = memoryOf(cold.server.pid);
      if (memory)
        o.metric(
          `${label}server memory after the scenarios: RSS / peak MB`,
          `${memory.rssMb} / ${memory.peakMb}${mark(memory.peakMb <= targets.memoryMb)} (target ≤ ${targets.memoryMb})`,
        );
    } finally {
      await cold.server.stop(); // a clean stop writes the snapshot
    }
    // 2. Restart: from the snapshot, with the defaults (answer reuse on) for the cached floor.
    const warm = await startBenchServer(o.root, o.databaseUrl, dataDir, o.env);
    o.metric(
      `${label}start-up from the snapshot, until searches use the embedded index (s)`,
      `${o.fmt(warm.readyMs / 1000)}${mark(warm.readyMs <= targets.readyMs)} (target ≤ ${targets.readyMs / 1000})`,
    );
    const floors: Record<number, Summary> = {};
    try {
      for (const clients of [1, 8])
        floors[clients] = await cachedFloor(warm.server.baseUrl, clients, 5, pause);
    } finally {
      await warm.server.stop();
    }
    const row = (name: string, s: Summary, floor: Summary, checks: [boolean, string][]) => {
      const verdict = checks.length ? ` ${checks.map(([ok, t]) => `${t}${mark(ok)}`).join(', ')}` : '';
      o.metric(
        `${label}${name} p50 / p95 / p99 / max ms (n)`,
        `${line(s)}; cached floor p95 ${o.fmt(floor.p95)}, ${o.fmt(s.p95 / Math.max(floor.p95, 0.01))}x;${verdict}`,
      );
    };
    const t1 = results.typing1!;
    const t8 = results.typing8!;
    const b8 = results.browse8!;
    row('typing, 1 person: feed', t1.feed, floors[1]!, [
      [t1.feed.p95 <= targets.typing1p95, `p95 ≤ ${targets.typing1p95}`],
    ]);
    row('typing, 1 person: suggestions', t1.suggestions!, floors[1]!, [
      [t1.suggestions!.p95 <= targets.suggestP95, `p95 ≤ ${targets.suggestP95}`],
    ]);
    row('typing, 8 people: feed', t8.feed, floors[8]!, [
      [t8.feed.p95 <= targets.typing8p95, `p95 ≤ ${targets.typing8p95}`],
      [t8.feed.p99 <= targets.typing8p99, `p99 ≤ ${targets.typing8p99}`],
      [t8.feed.max <= targets.typing8max, `max ≤ ${targets.typing8max}`],
    ]);
    row('typing, 8 people: suggestions', t8.suggestions!, floors[8]!, [
      [t8.suggestions!.p95 <= targets.suggestP95, `p95 ≤ ${targets.suggestP95}`],
    ]);
    row('browsing, 8 visitors: filters, sorts, later pages', b8.feed, floors[8]!, [
      [b8.feed.p95 <= targets.browseP95, `p95 ≤ ${targets.browseP95}`],
    ]);
    const errors = t1.errors + t8.errors + b8.errors;
    if (errors) o.metric(`${label}requests answered with an error`, String(errors));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
