import type http from 'node:http';
import { send, visitorAgent, type Reply } from './client';
import type { Recorder } from './stats';

/** What the home page's search box gets typed into it (words of the seeded job titles and skills). */
const SEARCH_WORDS = [
  'engineer',
  'react',
  'python',
  'designer',
  'manager',
  'data',
  'sales',
  'support',
  'devops',
  'product',
  'frontend',
  'backend',
  'marketing',
  'analyst',
  'typescript',
];
/** The filter menu's job types (spec section 5). */
const FILTER_TYPES = ['Full Time', 'Contract', '12-month Contract', '6-month Contract', 'Freelance'];
/** Every call a visit makes, in the order of a visit (the report's row order). */
export const CALLS = [
  'GET / (home HTML)',
  'GET /assets/* (JS, CSS)',
  'GET /api/user (401 expected)',
  'GET /api/jobs (first page)',
  'GET /api/jobs/count',
  'GET /api/filter-options',
  'GET /api/suggestions?text=',
  'GET /api/jobs?title= (search)',
  'GET /api/jobs?location= (filter)',
  'GET /api/jobs?experienceLevel= (filter)',
  'GET /api/jobs?type= (filter)',
  'GET /api/jobs?isRemote= (filter)',
  'GET /api/jobs?page=N (scroll)',
  'GET /jobs/:slug (job HTML)',
  'GET /api/jobs/:slug',
  'GET /api/jobs/:slug/structured',
  'GET /api/jobs/:slug/similar',
  'GET /api/companies/:name',
  'POST /api/job-alerts',
] as const;
/** The alert form's frequencies. */
const FREQUENCIES = ['daily', 'weekly'];

export interface VisitorOptions {
  base: URL;
  recorder: Recorder;
  /** performance.now() after which no visitor starts another request. */
  deadline: number;
  /** Makes the alert e-mails of this run distinct from any earlier run's. */
  runId: string;
  /** Think time between steps, [min, max] ms; a keystroke waits a third of it. */
  thinkMs: [number, number];
  /** A fresh source address per session (loopback targets), or undefined for the default one. */
  nextAddress: () => string | undefined;
  /** A number per session, for distinct e-mails. */
  nextSession: () => number;
}

interface FeedPage {
  data: { id: number; slug?: string; company: string }[];
  page: number;
  totalPages: number;
  totalJobs: number;
}

interface FilterOptions {
  experienceLevels: string[];
  locationsByContinent: Record<string, string[]>;
}

class TimeUp extends Error {}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const between = (min: number, max: number) => min + Math.random() * (max - min);

/** Runs sessions one after the other until the deadline; returns how many were completed. */
export async function runVisitor(options: VisitorOptions): Promise<{ sessions: number }> {
  let sessions = 0;
  while (performance.now() < options.deadline) {
    const agent = visitorAgent(options.nextAddress());
    try {
      if (await session(options, agent)) sessions++;
    } catch (err) {
      if (!(err instanceof TimeUp)) throw err;
    } finally {
      agent.destroy();
    }
  }
  return { sessions };
}

/**
 * One visit, as the site makes its calls: the home page and its assets, the SPA's first reads, typing a
 * search with suggestions, a filter from the server's options, scrolling, a job page with its reads, and an
 * alert subscription. Returns false when a step failed and the rest of the visit could not follow.
 */
async function session(o: VisitorOptions, agent: http.Agent): Promise<boolean> {
  const { base, recorder } = o;
  const origin = base.origin;
  const seenAssets = new Set<string>();
  let page = '/';

  const think = async (scale = 1) => {
    const ms = between(o.thinkMs[0], o.thinkMs[1]) * scale;
    if (performance.now() + ms >= o.deadline) throw new TimeUp();
    await new Promise((r) => setTimeout(r, ms));
  };

  /** One call, recorded under `name`; 2xx and 3xx (and `expected`) pass. Null when it failed. */
  const call = async (
    name: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string; expected?: number[] } = {},
  ): Promise<Reply | null> => {
    const method = init.method ?? 'GET';
    const started = performance.now();
    try {
      const reply = await send(agent, base, method, path, init.headers, init.body);
      const ok = (reply.status >= 200 && reply.status < 400) || (init.expected ?? []).includes(reply.status);
      recorder.record(
        name,
        reply.ms,
        ok ? undefined : `${method} ${path} → ${reply.status} ${reply.body.toString('utf8').slice(0, 200)}`,
      );
      return ok ? reply : null;
    } catch (err) {
      recorder.record(name, performance.now() - started, `${method} ${path} → ${(err as Error).message}`);
      return null;
    }
  };
  const api = (name: string, path: string, expected?: number[]) =>
    call(name, path, {
      headers: { accept: 'application/json', 'sec-fetch-site': 'same-origin', referer: `${origin}${page}` },
      expected,
    });
  const json = <T>(reply: Reply | null): T | null => {
    if (!reply) return null;
    try {
      return JSON.parse(reply.body.toString('utf8')) as T;
    } catch {
      return null;
    }
  };
  /** A navigation: the HTML, then (in parallel, like the browser) the JS and CSS it names that are not cached yet. */
  const open = async (name: string, path: string): Promise<boolean> => {
    const html = await call(name, path, {
      headers: {
        accept: 'text/html',
        'sec-fetch-site': page === '/' && seenAssets.size === 0 ? 'none' : 'same-origin',
      },
    });
    if (!html) return false;
    page = path;
    const assets = assetPaths(html.body.toString('utf8')).filter((a) => !seenAssets.has(a));
    for (const a of assets) seenAssets.add(a);
    await Promise.all(
      assets.map((a) =>
        call('GET /assets/* (JS, CSS)', a, {
          headers: { accept: '*/*', 'sec-fetch-site': 'same-origin', referer: `${origin}${path}` },
        }),
      ),
    );
    return true;
  };
  const feedPath = (query: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return qs ? `/api/jobs?${qs}` : '/api/jobs';
  };

  // 1. The home page, its assets, and the SPA's first reads (in parallel, as the app starts them).
  if (!(await open('GET / (home HTML)', '/'))) return false;
  const [, firstReply, , optionsReply] = await Promise.all([
    api('GET /api/user (401 expected)', '/api/user', [401]),
    api('GET /api/jobs (first page)', '/api/jobs'),
    api('GET /api/jobs/count', '/api/jobs/count'),
    api('GET /api/filter-options', '/api/filter-options'),
  ]);
  const first = json<FeedPage>(firstReply);
  const options = json<FilterOptions>(optionsReply);
  if (!first || !options) return false;

  // 2. Typing a search: suggestions from 2 characters on, then the feed with the word.
  await think();
  const word = pick(SEARCH_WORDS);
  const typedLength = Math.max(2, Math.min(word.length, 3 + Math.floor(Math.random() * 4)));
  for (let n = 2; n <= typedLength; n++) {
    await api('GET /api/suggestions?text=', `/api/suggestions?text=${encodeURIComponent(word.slice(0, n))}`);
    await think(1 / 3);
  }
  const searched = json<FeedPage>(await api('GET /api/jobs?title= (search)', feedPath({ title: word })));
  if (!searched) return false;

  // 3. A filter with values from the server's options (the search kept half of the time), then scrolling.
  await think();
  const continents = Object.keys(options.locationsByContinent);
  const filter: Record<string, string | undefined> = { title: Math.random() < 0.5 ? word : undefined };
  let kind = pick(['location', 'experienceLevel', 'type', 'isRemote'] as const);
  if (kind === 'location' && continents.length === 0) kind = 'type';
  if (kind === 'experienceLevel' && options.experienceLevels.length === 0) kind = 'type';
  if (kind === 'location') {
    const continent = pick(continents);
    const places = options.locationsByContinent[continent] ?? [];
    filter.location = pick([`All ${continent}`, `Remote in ${continent}`, ...places.slice(0, 8)]);
  } else if (kind === 'experienceLevel') filter.experienceLevel = pick(options.experienceLevels);
  else if (kind === 'type') filter.type = pick(FILTER_TYPES);
  else filter.isRemote = pick(['true', 'false']);
  const filteredReply = await api(`GET /api/jobs?${kind}= (filter)`, feedPath(filter));
  let feed = json<FeedPage>(filteredReply);
  if (!feed) return false;
  const scrollTo = Math.min(feed.totalPages, 1 + 1 + Math.floor(Math.random() * 3));
  for (let p = 2; p <= scrollTo; p++) {
    await think();
    const next = json<FeedPage>(await api('GET /api/jobs?page=N (scroll)', feedPath({ ...filter, page: p })));
    if (!next) return false;
    feed = next;
  }

  // 4. A job page: its HTML (and the job route's chunks), the job, its structured details, similar jobs and company.
  await think();
  const job = pick(feed.data.length > 0 ? feed.data : first.data);
  const identifier = encodeURIComponent(job.slug ?? String(job.id));
  if (!(await open('GET /jobs/:slug (job HTML)', `/jobs/${identifier}`))) return false;
  await Promise.all([
    api('GET /api/jobs/:slug', `/api/jobs/${identifier}`),
    api('GET /api/jobs/:slug/structured', `/api/jobs/${identifier}/structured`),
    api('GET /api/jobs/:slug/similar', `/api/jobs/${identifier}/similar`),
    api('GET /api/companies/:name', `/api/companies/${encodeURIComponent(job.company)}`),
  ]);

  // 5. 'Get Similar Job Alerts': a public subscription, same-origin like the site's form, one address per visit.
  await think();
  const email = `load-${o.runId}-${o.nextSession()}@example.com`;
  const subscribed = await call('POST /api/job-alerts', '/api/job-alerts', {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      origin,
      referer: `${origin}${page}`,
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify({
      email,
      title: filter.title ?? '',
      location: filter.location ?? '',
      experienceLevel: filter.experienceLevel ?? '',
      type: filter.type ?? '',
      salary: '',
      isRemote: filter.isRemote === 'true',
      frequency: pick(FREQUENCIES),
    }),
  });
  return subscribed !== null;
}

/** Same-origin scripts, module preloads and stylesheets named by a page's HTML. */
export function assetPaths(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag);
    const rel = attr('rel')?.toLowerCase();
    const url = isScript
      ? attr('src')
      : rel === 'stylesheet' || rel === 'modulepreload'
        ? attr('href')
        : undefined;
    if (url && url.startsWith('/') && !url.startsWith('//')) found.add(url);
  }
  return [...found];
}
