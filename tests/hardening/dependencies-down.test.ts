/**
 * Issue 11, point 2: dependencies down. With PostgreSQL, the event store, the search index or SMTP
 * unreachable, the API answers at once with a 503 naming the part (never hangs, never a stack),
 * /healthz says which part is down, nothing is lost, and everything recovers by itself.
 *
 * (a) PostgreSQL: a server of its own (embedded, own data directory and port), stopped and started
 *     again under a running app and projection runner.
 * (b) Meilisearch and EventStoreDB: adapters pointed at closed ports.
 * (c) SMTP: a closed port; then a real SMTP server starts on it and the outbox delivers what waited.
 *
 * Every 503 is timed; the table is printed at the end of the run.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/jobs-projection';
import { buildServices, type Services } from '../../backend/src/compose';
import { loadConfig } from '../../backend/src/config';
import { ensureDatabaseExists } from '../../backend/src/db/database';
import { ensureEmbeddedPostgres, type EmbeddedHandle } from '../../backend/src/db/embedded';
import { ingestItems } from '../../backend/src/features/ingestion/service';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { createApp } from '../../backend/src/http/app';
import { createLogger } from '../../backend/src/logger';
import { startTestSmtpServer, type TestSmtpServer } from '../../backend/src/mail/testing';
import { createTestHarness, type TestHarness } from '../../backend/src/testing/harness';
import { freePort } from '../../backend/src/db/free-port';

/** A 503 must come back within this (the brief's bound); requests are aborted at ABORT_MS as hung. */
const FAST_MS = 2000;
const ABORT_MS = 10_000;
const SECRET = 'dependencies-down-secret-0123456789abcdef';

const timings: { part: string; call: string; status: number; ms: number }[] = [];

interface Listening {
  base: string;
  close(): Promise<void>;
}

async function listen(app: { callback(): http.RequestListener }): Promise<Listening> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Answer {
  status: number;
  ms: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: { code?: string; message?: string } };
  text: string;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(ABORT_MS),
  });
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  let body: Answer['body'] = {};
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    // not JSON: the assertions below say so
  }
  return { status: res.status, ms, headers: res.headers, body, text };
}

/** The call answers 503 SERVICE_UNAVAILABLE naming the part, fast, with Retry-After and no internals. */
async function expectUnavailable(
  base: string,
  part: 'database' | 'eventStore' | 'search',
  message: RegExp,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const res = await call(base, method, url, options);
  timings.push({ part, call: `${method} ${url.split('?')[0]}`, status: res.status, ms: res.ms });
  expect(res.status, `${method} ${url}: ${res.text}`).toBe(503);
  expect(res.ms, `${method} ${url} took ${res.ms} ms`).toBeLessThan(FAST_MS);
  expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
  expect(res.body.error?.code).toBe('SERVICE_UNAVAILABLE');
  expect(res.body.message).toMatch(message);
  expect(res.body.error?.message).toBe(res.body.message);
  expect(res.body.dependency).toBe(part);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  // No stack, driver message, address or port leaks.
  expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\bat .*\.ts:\d+|Error:|UNAVAILABLE:/);
  return res;
}

async function expectHealthDown(base: string, parts: string[]): Promise<Answer> {
  const res = await call(base, 'GET', '/healthz');
  timings.push({ part: parts.join('+'), call: 'GET /healthz', status: res.status, ms: res.ms });
  expect(res.status, res.text).toBe(503);
  expect(res.ms).toBeLessThan(FAST_MS + 500); // each check has a 2 s deadline; refused ones answer at once
  expect(res.body.status).toBe('unavailable');
  expect(res.body.down).toEqual(expect.arrayContaining(parts));
  const checks = res.body.checks as Record<string, { ok: boolean; error?: string }>;
  for (const part of parts) {
    expect(checks[part]?.ok, part).toBe(false);
    expect(checks[part]?.error).toMatch(/unreachable|did not answer/);
  }
  return res;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function job(externalId: string, title: string) {
  return {
    action: 'posted',
    externalId,
    title,
    company: 'Outage Test Co',
    location: 'Remote - EMEA',
    employmentType: 'Full-time',
    descriptionHtml: '<p>Keeping things up when parts are down.</p>',
    applicationUrl: `https://outage.example/apply/${externalId}`,
  };
}

afterAll(() => {
  if (timings.length === 0) return;
  const rows = timings.map((t) => `  ${t.part.padEnd(20)} ${t.call.padEnd(28)} ${t.status} ${t.ms} ms`);
  console.log(`dependencies down: time to answer\n${rows.join('\n')}`);
});

describe('(a) PostgreSQL stopped and started under a running app', () => {
  let dataDir: string;
  let pgPort: number;
  let server: EmbeddedHandle;
  let services: Services;
  let web: Listening;
  let databaseUrl: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-down-pg-'));
    fs.chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user
    pgPort = await freePort();
    server = await ensureEmbeddedPostgres({ dataDir, port: pgPort });
    await ensureDatabaseExists(server.adminUrl, 'jobs');
    databaseUrl = server.urlFor('jobs');
    // The server's own configuration path: DATABASE_URL, the pool openDatabase makes (its timeouts).
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SESSION_SECRET: SECRET,
      SEED_JOBS: '0',
    });
    services = await buildServices(config, createLogger({ level: config.logLevel }), {
      role: 'test',
      startProjections: true,
    });
    web = await listen(createApp(services.appDeps));
  }, 120_000);

  afterAll(async () => {
    await web?.close();
    await services?.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 naming the database while it is down, then recovers and catches up without a restart', async () => {
    const { base } = web;
    const source = await createIngestionSource(services.store, { name: 'Outage test' });
    await services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);

    // Job A, ingested and visible before the outage.
    const a = await call(base, 'POST', '/api/ingest/jobs', {
      token: source.token,
      body: { items: [job('a', 'Site Reliability Engineer')] },
    });
    expect(a.status, a.text).toBe(200);
    const slugA = (a.body.results as { slug: string }[])[0]!.slug;
    expect((await call(base, 'GET', `/api/jobs/${slugA}`)).status).toBe(200);

    // Job B: appended, but the jobs projection is held back (its checkpoint row locked) until the
    // database goes down, so it has an event to catch up on from its checkpoint afterwards.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    blocker.on('error', () => undefined); // the shutdown ends this session
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('select 1 from projection_checkpoints where name = $1 for update', [JOBS_PROJECTION]);
    const b = await ingestItems({ store: services.store, logger: services.logger }, source.sourceId, [
      job('b', 'Database Reliability Engineer'),
    ]);
    const slugB = (b.results[0] as { slug?: string }).slug!;
    expect(slugB).toBeTruthy();
    expect((await call(base, 'GET', `/api/jobs/${slugB}`)).status).toBe(404);
    const [before] = (await services.runner.status()).filter((s) => s.name === JOBS_PROJECTION);
    expect(before!.lagEvents).toBeGreaterThan(0);

    await server.stop();
    await blocker.end().catch(() => undefined);

    // Down: every kind of call answers 503 at once, twice over (the pool must not get stuck).
    const message = /^The database is unavailable/;
    for (let round = 0; round < 2; round++) {
      await expectUnavailable(base, 'database', message, 'GET', `/api/jobs/${slugA}`);
      await expectUnavailable(base, 'database', message, 'GET', '/api/jobs?title=reliability');
      await expectUnavailable(base, 'database', message, 'GET', '/api/jobs/count');
      await expectUnavailable(base, 'database', message, 'POST', '/api/ingest/jobs', {
        token: source.token,
        body: { items: [job('c', 'Platform Engineer')] },
      });
      await expectUnavailable(base, 'database', message, 'POST', '/api/job-alerts', {
        body: { email: `down-${round}@example.com`, title: 'Engineer' },
      });
      await expectHealthDown(base, ['database']);
    }

    // Up again: same data directory and port, the app untouched.
    const downAt = performance.now();
    server = await ensureEmbeddedPostgres({ dataDir, port: pgPort });
    const restartedMs = Math.round(performance.now() - downAt);
    await until('healthz 200', 30_000, async () => {
      const res = await call(base, 'GET', '/healthz');
      return res.status === 200 ? res : null;
    });
    const healthyMs = Math.round(performance.now() - downAt);
    expect((await call(base, 'GET', `/api/jobs/${slugA}`)).status).toBe(200);
    const feed = await call(base, 'GET', '/api/jobs?title=reliability');
    expect(feed.status, feed.text).toBe(200);

    // Nothing lost: B's event is projected from the checkpoint once the runner is back.
    await until('job B visible', 60_000, async () => {
      const res = await call(base, 'GET', `/api/jobs/${slugB}`);
      return res.status === 200 ? res : null;
    });
    const caughtUpMs = Math.round(performance.now() - downAt);

    // And new work flows end to end.
    const c = await call(base, 'POST', '/api/ingest/jobs', {
      token: source.token,
      body: { items: [job('c', 'Platform Engineer')] },
    });
    expect(c.status, c.text).toBe(200);
    const slugC = (c.body.results as { slug: string }[])[0]!.slug;
    expect((await call(base, 'GET', `/api/jobs/${slugC}`)).status).toBe(200);
    const alert = await call(base, 'POST', '/api/job-alerts', {
      body: { email: 'after-outage@example.com', title: 'Engineer' },
    });
    expect(alert.status, alert.text).toBe(201);

    const jobs = (await services.runner.status()).find((s) => s.name === JOBS_PROJECTION)!;
    expect(jobs.lagEvents).toBe(0);
    expect(jobs.lastError).toBeNull();
    timings.push(
      { part: 'database', call: 'server restarted', status: 0, ms: restartedMs },
      { part: 'database', call: 'healthz 200 again', status: 200, ms: healthyMs },
      { part: 'database', call: 'job B caught up', status: 200, ms: caughtUpMs },
    );
  }, 180_000);
});

describe('(b) Meilisearch and EventStoreDB at closed ports', () => {
  let h: TestHarness;
  let web: Listening;

  beforeAll(async () => {
    const [meiliPort, esdbPort] = [await freePort(), await freePort()];
    // The app starts although both are down: search is made ready on first use, the event store lazily.
    h = await createTestHarness({
      MEILI_URL: `http://127.0.0.1:${meiliPort}`,
      EVENTSTORE_URL: `esdb://127.0.0.1:${esdbPort}?tls=false`,
    });
    web = await listen(h.app);
  }, 120_000);

  afterAll(async () => {
    await web?.close();
    await h?.close();
  }, 60_000);

  it('answers 503 naming search for searches and suggestions', async () => {
    for (let round = 0; round < 2; round++) {
      await expectUnavailable(web.base, 'search', /^Search is unavailable/, 'GET', '/api/jobs?title=rust');
      await expectUnavailable(
        web.base,
        'search',
        /^Search is unavailable/,
        'GET',
        '/api/suggestions?text=rus',
      );
    }
  });

  it('answers 503 naming the event store for commands', async () => {
    const message = /^The event store is unavailable/;
    for (let round = 0; round < 2; round++) {
      await expectUnavailable(web.base, 'eventStore', message, 'POST', '/api/job-alerts', {
        body: { email: `es-${round}@example.com`, title: 'Engineer' },
      });
      await expectUnavailable(web.base, 'eventStore', message, 'POST', '/api/register', {
        body: {
          username: `esdown${round}`,
          email: `esdown${round}@example.com`,
          password: 'correct horse battery',
        },
      });
    }
  });

  it('reports both parts down in /healthz, the database up', async () => {
    const res = await expectHealthDown(web.base, ['eventStore', 'search']);
    expect(res.body.down).toEqual(['eventStore', 'search']);
    expect((res.body.checks as Record<string, { ok: boolean }>).database!.ok).toBe(true);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('(c) SMTP unreachable: mail waits in the outbox and goes out when the server is back', () => {
  let h: TestHarness;
  let web: Listening;
  let smtpPort: number;
  let smtp: TestSmtpServer | null = null;

  beforeAll(async () => {
    smtpPort = await freePort();
    h = await createTestHarness({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    web = await listen(h.app);
  }, 120_000);

  afterAll(async () => {
    await web?.close();
    await h?.close();
    await smtp?.close();
  }, 60_000);

  const outbox = () =>
    h.testDb.pool
      .query<{
        to: string;
        attempts: number;
        last_error: string | null;
        sent_at: Date | null;
      }>(`select message->>'to' as to, attempts, last_error, sent_at from mail_outbox order by created_at`)
      .then((r) => r.rows);

  it('signs up and subscribes as usual, keeps both mails with their attempts, delivers them when SMTP starts', async () => {
    const { base } = web;
    const signup = await call(base, 'POST', '/api/register', {
      body: { username: 'smtpdown', email: 'smtpdown@example.com', password: 'correct horse battery' },
    });
    expect(signup.status, signup.text).toBe(201);
    expect(signup.ms).toBeLessThan(FAST_MS);
    const alert = await call(base, 'POST', '/api/job-alerts', {
      body: { email: 'alert-smtpdown@example.com', title: 'Engineer' },
    });
    expect(alert.status, alert.text).toBe(201);
    expect(alert.ms).toBeLessThan(FAST_MS);
    timings.push(
      { part: 'mail', call: 'POST /api/register', status: signup.status, ms: signup.ms },
      { part: 'mail', call: 'POST /api/job-alerts', status: alert.status, ms: alert.ms },
    );

    // Both mails are in the outbox, tried at least twice, undelivered, with the reason recorded.
    const waiting = await until('two failed attempts each', 20_000, async () => {
      const rows = await outbox();
      return rows.length === 2 && rows.every((r) => r.attempts >= 2 && r.last_error) ? rows : null;
    });
    expect(waiting.map((r) => r.to).sort()).toEqual(['alert-smtpdown@example.com', 'smtpdown@example.com']);
    for (const row of waiting) {
      expect(row.sent_at).toBeNull();
      expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED|ESOCKET/);
    }

    // Health: mail is down, the app serves (degraded, 200), and the outbox backlog is shown.
    const health = await call(base, 'GET', '/healthz');
    expect(health.status, health.text).toBe(200);
    expect(health.body.status).toBe('degraded');
    expect(health.body.down).toEqual(['mail']);
    const mail = (health.body.checks as Record<string, Record<string, unknown>>).mail!;
    expect(mail).toMatchObject({ ok: false, transport: 'smtp', pending: 2 });
    expect(mail.maxAttempts).toBeGreaterThanOrEqual(2);
    expect(mail.lastErrorCode).toMatch(/^E[A-Z]+$/);
    expect(health.text).not.toMatch(/127\.0\.0\.1/);

    // The SMTP server comes up where the app expects it: the outbox delivers on its own.
    const upAt = performance.now();
    smtp = await startTestSmtpServer({ port: smtpPort });
    const [verification, confirmation] = await Promise.all([
      smtp.waitFor((m) => m.to.includes('smtpdown@example.com'), { timeoutMs: 30_000 }),
      smtp.waitFor((m) => m.to.includes('alert-smtpdown@example.com'), { timeoutMs: 30_000 }),
    ]);
    const deliveredMs = Math.round(performance.now() - upAt);
    expect(verification.raw).toMatch(/verification code is/);
    expect(confirmation.raw).toMatch(/alerts\/confirm\//);
    const sent = await until('outbox marked sent', 10_000, async () => {
      const rows = await outbox();
      return rows.every((r) => r.sent_at) ? rows : null;
    });
    expect(sent).toHaveLength(2);
    expect(smtp.received).toHaveLength(2); // each once
    timings.push({ part: 'mail', call: 'delivered after SMTP up', status: 0, ms: deliveredMs });

    const healthy = await until('healthz ok', 20_000, async () => {
      const res = await call(base, 'GET', '/healthz');
      return res.body.status === 'ok' ? res : null;
    });
    expect(healthy.status).toBe(200);
  }, 90_000);
});
