/**
 * Issue 11 follow-up: with PostgreSQL down, a browser asking for a server-rendered site page (home, a
 * job, a company) gets HTML, not the API's JSON: the SPA shell without server-rendered
 * data, 503 with Retry-After, never cached, with a <noscript> 'Service Temporarily Unavailable' (the
 * spec's error screen). The API keeps its JSON 503; pages and assets that need no database keep serving;
 * once PostgreSQL is back the pages are server-rendered again. A PostgreSQL of its own (embedded, own
 * data directory and port) is stopped and started under the running app, as in dependencies-down.test.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { buildServices, type Services } from '../../backend/src/compose';
import { loadConfig } from '../../backend/src/config';
import { ensureDatabaseExists } from '../../backend/src/db/database';
import { ensureEmbeddedPostgres, type EmbeddedHandle } from '../../backend/src/db/embedded';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { createApp } from '../../backend/src/http/app';
import { createLogger } from '../../backend/src/logger';
import { freePort } from '../../backend/src/db/free-port';

const FAST_MS = 2000;

/** Shaped like the built site: the root div, the entry module, a manifest naming the job page's chunk. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>RemoteJobs – Find Your Dream Remote Job</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body class="bg-slate-50 text-slate-900 antialiased">
    <div id="root"></div>
  </body>
</html>
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js' },
  'src/app/routes/job.tsx': { file: 'assets/job-def456.js', imports: ['index.html'] },
};

interface Page {
  status: number;
  ms: number;
  headers: Headers;
  text: string;
}

async function get(
  base: string,
  url: string,
  options: { cookie?: string; method?: string } = {},
): Promise<Page> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method: options.method ?? 'GET',
    headers: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  return { status: res.status, ms: Math.round(performance.now() - started), headers: res.headers, text };
}

/** The SPA shell as a 503: HTML, Retry-After, not cached, no server-rendered data, the notice without JS. */
function expectShell503(page: Page, url: string): void {
  expect(page.status, `${url}: ${page.text.slice(0, 300)}`).toBe(503);
  expect(page.ms, `${url} took ${page.ms} ms`).toBeLessThan(FAST_MS);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(page.headers.get('cache-control')).toBe('no-store');
  // The site's HTML policy (scripts from this origin), so the shell's entry module runs.
  expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  expect(page.text).toContain('<div id="root"></div>');
  expect(page.text).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
  expect(page.text).not.toContain('__INITIAL_STATE__');
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(page.text)?.[1] ?? '';
  expect(noscript).toContain('Service Temporarily Unavailable');
  expect(noscript).toMatch(/<a [^>]*href="[^"]*"[^>]*>Try Again<\/a>/);
  expect(page.text).not.toMatch(/SERVICE_UNAVAILABLE|"dependency"|ECONNREFUSED|127\.0\.0\.1/);
}

describe('site pages while PostgreSQL is down', () => {
  let dataDir: string;
  let distDir: string;
  let pgPort: number;
  let pgServer: EmbeddedHandle;
  let services: Services;
  let web: http.Server;
  let base: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-site-down-pg-'));
    fs.chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-site-down-dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(distDir, '.vite'));
    fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("site");\n');

    pgPort = await freePort();
    pgServer = await ensureEmbeddedPostgres({ dataDir, port: pgPort });
    await ensureDatabaseExists(pgServer.adminUrl, 'jobs');
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL: pgServer.urlFor('jobs'),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SESSION_SECRET: 'site-unavailable-secret-0123456789abcdef',
      SEED_JOBS: '0',
    });
    services = await buildServices(config, createLogger({ level: config.logLevel }), {
      role: 'test',
      startProjections: true,
    });
    web = http.createServer(createApp({ ...services.appDeps, siteDistDir: distDir }).callback());
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(web.address() as net.AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    web?.closeAllConnections();
    await new Promise((resolve) => web?.close(resolve));
    await services?.close();
    await pgServer?.stop();
    for (const dir of [dataDir, distDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers the SPA shell with 503 and Retry-After, keeps the API JSON, and renders again when it is back', async () => {
    const source = await createIngestionSource(services.store, { name: 'Site outage test' });
    await services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
    const ingested = await fetch(`${base}/api/ingest/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${source.token}` },
      body: JSON.stringify({
        items: [
          {
            action: 'posted',
            externalId: 'site-1',
            title: 'Frontend Reliability Engineer',
            company: 'Outage Pages Co',
            location: 'Remote - EMEA',
            employmentType: 'Full-time',
            descriptionHtml: '<p>Pages that say what is wrong.</p>',
            applicationUrl: 'https://outage.example/apply/site-1',
          },
        ],
      }),
    });
    expect(ingested.status).toBe(200);
    const slug = ((await ingested.json()) as { results: { slug: string }[] }).results[0]!.slug;
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'outagereader',
        email: 'outage@example.com',
        password: 'a-long-passphrase-4-outages',
      }),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/sid=/);

    const pages = ['/', `/jobs/${slug}`, '/companies/Outage%20Pages%20Co'];
    for (const url of pages) {
      const up = await get(base, url);
      expect(up.status, url).toBe(200);
      expect(up.text, url).toContain('__INITIAL_STATE__');
    }

    await pgServer.stop();

    for (let round = 0; round < 2; round++) {
      for (const url of pages) expectShell503(await get(base, url), url);
      // A page that renders nothing from the database serves as usual, signed in or not (pages never
      // load the session: only /api does).
      for (const about of [await get(base, '/about'), await get(base, '/about', { cookie })]) {
        expect(about.status).toBe(200);
        expect(about.text).not.toContain('<noscript>');
      }
      expectShell503(await get(base, `/jobs/${slug}?ref=feed`, { cookie }), `/jobs/${slug} (signed in)`);
    }
    // The job page keeps its chunk's preload, so the client's error screen paints at once.
    expect((await get(base, `/jobs/${slug}`)).text).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/job-def456.js">',
    );
    const head = await get(base, '/', { method: 'HEAD' });
    expect(head.status).toBe(503);
    expect(head.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(head.text).toBe('');

    // What the shell loads still loads; the API still answers its JSON 503.
    const asset = await get(base, '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    const api = await get(base, `/api/jobs/${slug}`);
    expect(api.status).toBe(503);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(api.text)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', dependency: 'database' });
    // /healthz is for load balancers: JSON.
    expect((await get(base, '/healthz')).headers.get('content-type')).toMatch(/application\/json/);

    pgServer = await ensureEmbeddedPostgres({ dataDir, port: pgPort });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await get(base, '/').catch(() => null);
      if (res?.status === 200) break;
      if (Date.now() > deadline) throw new Error('home not 200 within 30 s of PostgreSQL restarting');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const url of pages) {
      const up = await get(base, url, { cookie });
      expect(up.status, url).toBe(200);
      expect(up.text).toContain('__INITIAL_STATE__');
      expect(up.text).not.toContain('<noscript>');
    }
  }, 180_000);
});
