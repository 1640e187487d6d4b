/**
 * Property-based fuzzing of every HTTP endpoint (issue 11, point 3). The endpoints come from the
 * app's router layers, so a new route is fuzzed without touching this file. Each one gets generated
 * and hostile input in its path parameters, query and body, as anonymous, a signed-in user, an admin
 * and an ingestion bot; every answer must be below 500, every 4xx in the one error shape (details
 * naming the field for VALIDATION), and a refused request must append no event and create no session.
 *
 * FUZZ_RUNS (requests per endpoint, default 50) and FUZZ_SEED (default fixed, so CI is repeatable)
 * widen or move the search.
 */
import type http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type Koa from 'koa';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { USERS_PROJECTION } from '@jobs/projections/users/users';
import { createTestHarness, type TestHarness } from '../../backend/src/testing/harness';
import { createApp } from '../../backend/src/http/app';
import { createHttpServer } from '../../backend/src/http/server';
import { allFeatures } from '../../backend/src/features';
import { atsFeature } from '../../backend/src/features/ats/routes';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { changeRoleByEmail } from '../../backend/src/features/users/roles';
import {
  cookieOf,
  send,
  type Credentials,
  type FuzzRequest,
  type FuzzResponse,
  type Identity,
} from './support/client';
import { problemsOf } from './support/checks';
import {
  anyPath,
  bodyOf,
  chunkedBody,
  hostileHeaders,
  jsonText,
  mutated,
  poisonedBatch,
  queryString,
  urlValue,
  type Body,
} from './support/hostile';
import { endpointsOf, fillPath, type Area, type Endpoint } from './support/routes';

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
/** Requests of the path, header and chunked-body rounds, and ingestion batches with poisoned items. */
const EXTRA_RUNS = Number(process.env.FUZZ_EXTRA_RUNS ?? 250);
const BATCH_RUNS = Number(process.env.FUZZ_BATCH_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_511);
const PASSWORD = 'correct horse battery staple';
const AREAS: Area[] = ['public', 'account', 'alerts', 'ingestion', 'admin'];

let h: TestHarness;
let app: Koa;
let server: http.Server;
let creds: Credentials;
let endpoints: Endpoint[];
let known: string[];
let templates: Record<string, Record<string, unknown>>;
/** A built site (its shell and one asset): paths no route takes reach the server-rendered pages. */
let distDir: string;
/** Every answer's status, for the summary. */
const statuses = new Map<number, number>();
/** URLs the ATS routes tried to fetch: the suite never lets them out of the process. */
const outbound: string[] = [];

interface Tally {
  requests: number;
  byClass: Record<string, number>;
  /** Answers past the guards (neither 401, 403 nor 429). */
  reached: number;
  refusedWithOwnEvents: number;
  ms: number;
}
const tallies = new Map<string, Tally>();
const failures = new Map<string, { count: number; example: string }>();

function tallyOf(key: string): Tally {
  let t = tallies.get(key);
  if (!t) {
    t = { requests: 0, byClass: {}, reached: 0, refusedWithOwnEvents: 0, ms: 0 };
    tallies.set(key, t);
  }
  return t;
}

function describeRequest(req: FuzzRequest): string {
  const payload = req.body.payload === undefined ? '' : String(req.body.payload);
  return JSON.stringify({
    method: req.method,
    url: req.url.length > 300 ? `${req.url.slice(0, 300)}…(${req.url.length})` : req.url,
    identity: req.identity,
    origin: req.origin,
    headers: req.headers,
    contentType: req.body.contentType,
    body: payload.length > 300 ? `${payload.slice(0, 300)}…(${payload.length})` : payload,
  });
}

async function run(key: string, path: string, req: FuzzRequest): Promise<FuzzResponse> {
  const started = performance.now();
  const res = await send(server, h.testDb.pool, creds, req);
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const t = tallyOf(key);
  t.ms += performance.now() - started;
  t.requests += 1;
  const cls = res.status === 429 ? '429' : `${Math.floor(res.status / 100)}xx`;
  t.byClass[cls] = (t.byClass[cls] ?? 0) + 1;
  if (![401, 403, 429].includes(res.status)) t.reached += 1;
  if (res.status >= 400 && res.ownEvents.length) t.refusedWithOwnEvents += 1;
  // A 429 means a fixed limit (login, verification, ...) was reached: start its window afresh.
  if (res.status === 429) await h.testDb.pool.query('delete from rate_limits');
  for (const problem of problemsOf(path, res, req.method)) {
    const group = `${key} :: ${problem.slice(0, 90)}`;
    const seen = failures.get(group);
    if (seen) seen.count += 1;
    else failures.set(group, { count: 1, example: `${problem}\n    request ${describeRequest(req)}` });
  }
  return res;
}

/** Who sends: mostly whoever the endpoint is for, sometimes someone it must turn away. */
function identityFor(endpoint: Endpoint): fc.Arbitrary<Identity> {
  // Signing in or out with the suite's own cookies would replace or end the sessions every later
  // request relies on: these are sent signed out.
  if (['/api/logout', '/api/login', '/api/register'].includes(endpoint.path)) return fc.constant('anonymous');
  const w = (anonymous: number, user: number, admin: number, token = 0, badToken = 0) =>
    fc.oneof(
      ...(
        [
          ['anonymous', anonymous],
          ['user', user],
          ['admin', admin],
          ['token', token],
          ['bad-token', badToken],
        ] as const
      )
        .filter(([, weight]) => weight > 0)
        .map(([identity, weight]) => ({ weight, arbitrary: fc.constant<Identity>(identity) })),
    );
  switch (endpoint.area) {
    case 'admin':
      return w(1, 1, 8);
    case 'account':
    case 'alerts':
      return w(2, 6, 1);
    case 'ingestion':
      return w(1, 0, 1, 8, 1);
    case 'public':
      return w(4, 1, 1);
  }
}

function requestArb(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const name of endpoint.params) params[name] = urlValue(known);
  const writes = !['GET', 'HEAD', 'OPTIONS'].includes(endpoint.method);
  const template = templates[`${endpoint.method} ${endpoint.path}`];
  const body: fc.Arbitrary<Body> = writes
    ? bodyOf(template ? mutated(template) : undefined)
    : fc.constant({ kind: 'none' });
  return (
    fc
      .record({
        identity: identityFor(endpoint),
        origin: writes
          ? fc.oneof(
              { weight: 8, arbitrary: fc.constant('same' as const) },
              { weight: 1, arbitrary: fc.constantFrom('none' as const, 'foreign' as const) },
            )
          : fc.constant('none' as const),
        params: fc.record(params),
        query: queryString(known),
        body,
      })
      .map(({ identity, origin, params: values, query, body: b }) => ({
        method: endpoint.method,
        url: fillPath(endpoint.path, values) + query,
        identity,
        origin,
        body: b,
      }))
      // Past Node's 16 KB header limit the HTTP parser refuses the request before the app sees it
      // (answered by http/server.ts, tested below and in backend/src/http/server.test.ts).
      .filter((req) => req.url.length < 12_000)
  );
}

async function register(agent: ReturnType<typeof supertest>, username: string) {
  const res = await agent
    .post('/api/register')
    .set('Origin', creds.publicUrl)
    .set('X-Forwarded-For', `192.0.2.${username.length}`)
    .send({ username, email: `${username}@example.com`, password: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { id: (res.body as { id: string }).id, cookie: cookieOf(res.headers['set-cookie']) };
}

beforeAll(async () => {
  h = await createTestHarness({ PUBLIC_API_LIMIT: '1000000' });
  // The real features, but the ATS routes fetch through a stub: fuzzed board names and base URLs
  // must never reach the network.
  const features = allFeatures({ publicApiLimit: 1_000_000 }).map((f) =>
    f.name === 'ats'
      ? atsFeature({
          requestGapMs: 0,
          fetch: async (url) => {
            outbound.push(url);
            return new Response('{"error":"not found"}', {
              status: 404,
              headers: { 'Content-Type': 'application/json' },
            });
          },
        })
      : f,
  );
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-site-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Site</title><meta name="description" content="x"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'index-1.js'), 'export {};');
  app = createApp({ ...h.services.appDeps, features, siteDistDir: distDir });
  server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = supertest(server);
  creds = { userCookie: '', adminCookie: '', token: '', publicUrl: h.services.appDeps.config.publicUrl };

  const suffix = crypto.randomBytes(3).toString('hex');
  const user = await register(agent, `fuzzuser_${suffix}`);
  const admin = await register(agent, `fuzzadmin_${suffix}`);
  const promoted = await changeRoleByEmail(
    h.services.store,
    `fuzzadmin_${suffix}@example.com`,
    'admin',
    'system:test',
  );
  await h.services.runner.waitForPosition(promoted!.position, 10_000, [USERS_PROJECTION]);
  const source = await createIngestionSource(h.services.store, { name: 'fuzz' });
  await h.services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  creds = { ...creds, userCookie: user.cookie, adminCookie: admin.cookie, token: source.token };

  const item = {
    action: 'posted',
    externalId: 'fuzz-1',
    title: 'Senior Rust Engineer',
    company: 'Ferrous Systems',
    location: 'Remote - Germany',
    employmentType: 'Full-time',
    salary: '€80,000 - €100,000 per year',
    skills: ['Rust'],
    descriptionHtml: '<h2>About</h2><p>Compilers.</p>',
    applicationUrl: 'https://ferrous.example/apply/1',
  };
  const ingested = await agent
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${source.token}`)
    .send({ items: [item] });
  expect(ingested.status, ingested.text).toBe(200);
  const job = (ingested.body as { results: { id: number; slug: string }[] }).results[0]!;
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
  const jobs = await agent.get('/api/admin/jobs').set('Cookie', admin.cookie);
  const jobUuid = String((jobs.body as { id: string }[])[0]?.id);
  const saved = await agent
    .post('/api/saved-searches')
    .set('Cookie', user.cookie)
    .set('Origin', creds.publicUrl)
    .send({ name: 'rust', filters: { title: 'rust' } });
  const alert = await agent
    .post('/api/job-alerts')
    .set('Cookie', user.cookie)
    .set('Origin', creds.publicUrl)
    .send({ email: `fuzzuser_${suffix}@example.com`, title: 'rust' });

  known = [
    jobUuid,
    String(job.id),
    job.slug,
    'Ferrous Systems',
    user.id,
    admin.id,
    String((saved.body as { id?: string }).id),
    String((alert.body as { id?: string }).id),
    'jobs.csv',
    'users.json',
    '1',
    crypto.randomUUID(),
  ];
  templates = {
    'POST /api/register': {
      username: `fz_${suffix}`,
      email: `fz_${suffix}@example.com`,
      password: PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
    },
    'POST /api/login': { username: `fuzzuser_${suffix}`, password: PASSWORD },
    'POST /api/verify-email': { code: '123456' },
    'PATCH /api/user': { firstName: 'Ada', lastName: 'Lovelace' },
    'POST /api/user/password': { currentPassword: PASSWORD, newPassword: PASSWORD },
    'POST /api/job-alerts': {
      email: `alerts_${suffix}@example.com`,
      title: 'Rust',
      location: 'Europe',
      experienceLevel: 'Senior',
      type: 'Full Time',
      salary: '80k-120k',
      isRemote: true,
      frequency: 'weekly',
    },
    'POST /api/job-alerts/confirm': { token: 'abc.def' },
    'POST /api/saved-searches': { name: 'Rust jobs', filters: { title: 'rust', isRemote: 'true' } },
    'POST /api/ingest/jobs': { items: [{ ...item, externalId: 'fuzz-2' }] },
    'POST /api/admin/jobs/bulk-remove': { ids: [jobUuid], reason: 'Filled' },
    'POST /api/admin/jobs/:id/remove': { reason: 'Filled', expectedRevision: 0 },
    'POST /api/admin/jobs/:id/repost': { expectedRevision: 1 },
    'POST /api/admin/users/:id/role': { role: 'user', expectedRevision: 0 },
    'POST /api/admin/ats-sources/check': { kind: 'greenhouse', board: 'acme' },
    'POST /api/admin/ats-sources': {
      kind: 'greenhouse',
      board: 'acme',
      company: 'Acme',
      intervalMinutes: 60,
    },
    'POST /api/admin/ats-sources/:id/interval': { intervalMinutes: 120 },
    'POST /api/admin/company-discovery': { candidates: 'acme\nexample.com' },
  };
  endpoints = endpointsOf(app);
}, 180_000);

afterAll(async () => {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  await h?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  const lines = [...tallies.entries()].map(
    ([key, t]) =>
      `${String(t.requests).padStart(5)}  ${key.padEnd(58)} ${Object.entries(t.byClass)
        .sort()
        .map(([c, n]) => `${c}:${n}`)
        .join(' ')}  (${Math.round(t.ms / t.requests)} ms avg)`,
  );
  const total = [...tallies.values()].reduce((n, t) => n + t.requests, 0);
  const sum = (f: (t: Tally) => number) => [...tallies.values()].reduce((n, t) => n + f(t), 0);
  const all429 = sum((t) => t.byClass['429'] ?? 0);
  const refused = sum((t) => (t.byClass['4xx'] ?? 0) + (t.byClass['429'] ?? 0));
  const counted = sum((t) => t.refusedWithOwnEvents);
  console.log(
    `fuzz: ${total} requests to ${endpoints?.length ?? 0} routed endpoints (seed ${SEED}, ${RUNS} generated each) ` +
      `and ${[...tallies.keys()].filter((k) => k.includes('(')).length} extra cases; 429s: ${all429}; ` +
      `refused: ${refused} (each checked for new events and sessions; ${counted} counted a failed verification try on purpose); ` +
      `ATS fetches kept in-process: ${outbound.length}\n${lines.join('\n')}\n` +
      `statuses (${total} requests, ${sum((t) => t.byClass['5xx'] ?? 0)} answered >= 500): ` +
      [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}:${n}`)
        .join(' '),
  );
});

describe('the contract checks themselves', () => {
  const answer = (over: Partial<FuzzResponse>): FuzzResponse => ({
    status: 400,
    contentType: 'application/json; charset=utf-8',
    body: {
      message: 'Bad',
      code: 'VALIDATION',
      error: { code: 'VALIDATION', message: 'Bad', details: [{ path: 'title', message: 'Bad' }] },
    },
    text: '',
    ownEvents: [],
    appendedEvents: 0,
    sessionsAdded: 0,
    requestId: 'fuzz-x',
    ...over,
  });

  it('pass a well-formed refusal and flag each kind of breach', () => {
    expect(problemsOf('/api/x', answer({}))).toEqual([]);
    expect(problemsOf('/api/x', answer({ status: 500 }))[0]).toMatch(/^500 server error/);
    expect(problemsOf('/api/x', answer({ body: { message: 'Bad' } }))[0]).toMatch(/wrong shape/);
    expect(
      problemsOf(
        '/api/x',
        answer({
          body: { message: 'Bad', code: 'VALIDATION', error: { code: 'VALIDATION', message: 'Bad' } },
        }),
      ),
    ).toEqual([expect.stringMatching(/without details/)]);
    expect(problemsOf('/api/x', answer({ ownEvents: ['JobIngested'] }))).toEqual([
      expect.stringMatching(/appended JobIngested/),
    ]);
    expect(problemsOf('/api/x', answer({ ownEvents: ['EmailVerificationFailed'] }))).toEqual([]);
    expect(problemsOf('/api/x', answer({ sessionsAdded: 1 }))).toEqual([
      expect.stringMatching(/created a session/),
    ]);
    expect(problemsOf('/api/x', answer({ status: 405, contentType: 'text/plain' }))[0]).toMatch(/not JSON/);
    expect(problemsOf('/unsubscribe/x', answer({ status: 404, contentType: 'text/html' }))).toEqual([]);
    const rpcError = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null };
    expect(problemsOf('/mcp', answer({ status: 405, body: rpcError }))).toEqual([]);
    expect(problemsOf('/mcp', answer({ status: 405, body: { message: 'Bad' } }))[0]).toMatch(
      /not a JSON-RPC/,
    );
    expect(problemsOf('/api/x', answer({ status: 405, body: rpcError }))[0]).toMatch(/wrong shape/);
  });
});

describe('fuzzing every endpoint from the router', () => {
  it('finds the endpoints of every area in the router', () => {
    const areas = new Set(endpoints.map((e) => e.area));
    expect([...areas].sort()).toEqual([...AREAS].sort());
    expect(endpoints.length).toBeGreaterThan(40);
  });

  for (const area of AREAS) {
    it(`${area} endpoints: no 5xx, one error shape, nothing written when refused`, async () => {
      const mine = endpoints.filter((e) => e.area === area);
      for (const endpoint of mine) {
        const key = `${endpoint.method} ${endpoint.path}`;
        await fc.assert(
          fc.asyncProperty(requestArb(endpoint), async (req) => {
            await run(key, endpoint.path, req);
          }),
          { numRuns: RUNS, seed: SEED + mine.indexOf(endpoint), endOnFailure: true },
        );
        // The right caller got past the guards at least once: the handler itself was fuzzed.
        expect(tallyOf(key).reached, `${key} was never reached past its guards`).toBeGreaterThan(0);
      }
      const mineFailures = [...failures.entries()].filter(([group]) =>
        mine.some((e) => group.startsWith(`${e.method} ${e.path} :: `)),
      );
      expect(
        mineFailures.map(([group, f]) => `${group} (x${f.count})\n    ${f.example}`),
        'answers that broke the contract',
      ).toEqual([]);
    }, 600_000);
  }

  it('answers the methods a path does not have in the error shape', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const e of endpoints) byPath.set(e.path, (byPath.get(e.path) ?? new Set()).add(e.method));
    for (const [path, methods] of byPath) {
      const values = Object.fromEntries(
        [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1]!, encodeURIComponent(known[0]!)]),
      );
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'].filter(
        (m) => !methods.has(m),
      )) {
        await run(`${method} ${path} (not routed)`, path, {
          method,
          url: fillPath(path, values),
          identity: 'admin',
          origin: 'same',
          body: { kind: 'json', contentType: 'application/json', payload: '{}' },
        });
      }
    }
    const broken = [...failures.entries()].filter(([group]) => group.includes('(not routed)'));
    expect(broken.map(([group, f]) => `${group} (x${f.count})\n    ${f.example}`)).toEqual([]);
  }, 120_000);

  it('refuses a URL past the 16 KB header limit with 431 in the error shape', async () => {
    const key = 'GET /api/jobs (20 KB URL)';
    await run(key, '/api/jobs', {
      method: 'GET',
      url: `/api/jobs?title=${'x'.repeat(20 * 1024)}`,
      identity: 'anonymous',
      origin: 'none',
      body: { kind: 'none' },
    });
    expect(tallyOf(key).byClass).toEqual({ '4xx': 1 });
    const broken = [...failures.entries()].filter(([group]) => group.startsWith(key));
    expect(broken.map(([group, f]) => `${group}\n    ${f.example}`)).toEqual([]);
  });

  it('refuses an ingestion body over its 50 MB limit with 413, writing nothing', async () => {
    const payload = `{"items":[${'"x",'.repeat(13 * 1024 * 1024)}"x"]}`;
    await run('POST /api/ingest/jobs (over 50 MB)', '/api/ingest/jobs', {
      method: 'POST',
      url: '/api/ingest/jobs',
      identity: 'token',
      origin: 'none',
      body: { kind: 'huge', contentType: 'application/json', payload },
    });
    const t = tallyOf('POST /api/ingest/jobs (over 50 MB)');
    expect(t.byClass).toEqual({ '4xx': 1 });
    const broken = [...failures.entries()].filter(([group]) => group.includes('(over 50 MB)'));
    expect(broken.map(([group, f]) => `${group}\n    ${f.example}`)).toEqual([]);
  }, 60_000);
});

describe('fuzzing beyond the routes: any path, hostile headers, chunked bodies, poisoned batches', () => {
  const brokenWith = (marker: string) =>
    [...failures.entries()]
      .filter(([group]) => group.includes(marker))
      .map(([group, f]) => `${group} (x${f.count})\n    ${f.example}`);
  const identities = fc.constantFrom<Identity>('anonymous', 'anonymous', 'user', 'admin', 'token');
  const origins = fc.constantFrom('same' as const, 'none' as const, 'foreign' as const);

  it('any path (site pages, files, feeds, API, admin) with hostile queries and headers: no 5xx', async () => {
    const arb = fc
      .record({
        method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        path: anyPath(known),
        query: queryString(known),
        identity: identities,
        origin: origins,
        headers: hostileHeaders,
      })
      .filter((r) => r.path.length + r.query.length < 12_000);
    await fc.assert(
      fc.asyncProperty(arb, async (r) => {
        const writes = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
        await run(`${r.method} (any path)`, r.path, {
          method: r.method,
          url: r.path + r.query,
          identity: r.identity,
          origin: r.origin,
          headers: r.headers,
          body: writes
            ? { kind: 'json', contentType: 'application/json', payload: '{"title":"x"}' }
            : { kind: 'none' },
        });
      }),
      { numRuns: EXTRA_RUNS, seed: SEED, endOnFailure: true },
    );
    expect(brokenWith('(any path)')).toEqual([]);
  }, 300_000);

  it('every routed endpoint with hostile headers and chunked bodies: no 5xx, 413 in the error shape', async () => {
    const arb = fc
      .constantFrom(...endpoints)
      .chain((endpoint) =>
        fc.tuple(fc.constant(endpoint), requestArb(endpoint), hostileHeaders, chunkedBody, fc.boolean()),
      );
    await fc.assert(
      fc.asyncProperty(arb, async ([endpoint, req, headers, chunked, useChunked]) => {
        const writes = !['GET', 'HEAD', 'OPTIONS'].includes(endpoint.method);
        await run(`${endpoint.method} ${endpoint.path} (headers, chunked)`, endpoint.path, {
          ...req,
          headers,
          body: writes && useChunked ? chunked : req.body,
        });
      }),
      { numRuns: EXTRA_RUNS, seed: SEED + 1, endOnFailure: true },
    );
    expect(brokenWith('(headers, chunked)')).toEqual([]);
  }, 300_000);

  it('ingestion batches with poisoned items (NUL, lone surrogates, 20,000 levels): the good items land', async () => {
    const valid = (i: number) => ({
      action: 'posted',
      externalId: `fuzz-batch-${i}`,
      title: 'Data Engineer',
      company: 'Poison Test Co',
      location: 'Remote - Europe',
      employmentType: 'Full-time',
      descriptionHtml: '<p>Pipelines.</p>',
      applicationUrl: `https://poison.example/apply/${i}`,
    });
    await fc.assert(
      fc.asyncProperty(poisonedBatch(valid), async ({ items, good }) => {
        const res = await run('POST /api/ingest/jobs (poisoned batch)', '/api/ingest/jobs', {
          method: 'POST',
          url: '/api/ingest/jobs',
          identity: 'token',
          origin: 'none',
          body: { kind: 'raw', contentType: 'application/json', payload: jsonText({ items }) },
        });
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        const results = (res.body as { results: { status: string; errors?: unknown[] }[] }).results;
        expect(results).toHaveLength(items.length);
        for (const i of good) expect(results[i]!.status, `item ${i}`).not.toBe('rejected');
        for (const [i, r] of results.entries())
          if (!good.includes(i) && r.status === 'rejected') expect(r.errors?.length).toBeGreaterThan(0);
      }),
      { numRuns: BATCH_RUNS, seed: SEED + 2, endOnFailure: true },
    );
    expect(brokenWith('(poisoned batch)')).toEqual([]);
  }, 300_000);
});
