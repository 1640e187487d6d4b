/**
 * The security review's checks (docs/security.md): headers on every kind of response, cookie flags,
 * the client address behind a proxy, what the logs keep, and the link and ingestion tokens.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createLogger } from '../logger';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { createIngestionSource } from '../features/sources/service';
import { generateSourceToken, hashSourceToken } from '../features/sources/token';
import { alertLinkKeyFrom, alertToken, verifyAlertToken } from '../features/alerts/tokens';
import Router from '@koa/router';
import type Koa from 'koa';
import { devOutboxRoutes } from '../mail/routes';
import { createApp } from './app';
import { logPath, NON_HTML_CSP } from './middleware';

const SECRET = 'security-test-secret-security-test-secret';
const PASSWORD = 'violet staple orbit 42';
let h: TestHarness;
let distDir: string;
let site: ReturnType<typeof supertest>;
let siteCallback: ReturnType<ReturnType<typeof createApp>['callback']>;
let sourceToken: string;
let jobSlug: string;
/** Every JSON line the app logged, at debug level. */
const logLines: string[] = [];

let ipCount = 0;
const nextIp = () => `10.66.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
const agent = () => supertest.agent(siteCallback).set('X-Forwarded-For', nextIp());
const unique = (prefix: string) => `${prefix}_${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // No SMTP_URL: mail goes to the outbox, so the test reads the verification code from it.
  h = await createTestHarness(
    { SESSION_SECRET: SECRET, LOG_LEVEL: 'debug' },
    { logger: createLogger({ level: 'debug', destination: sink }) },
  );
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-site-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><title>Site</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  siteCallback = createApp({ ...h.services.appDeps, siteDistDir: distDir }).callback();
  site = supertest(siteCallback);

  const source = await createIngestionSource(h.services.store, { name: 'Security test' });
  await h.services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  sourceToken = source.token;
  const res = await site
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${sourceToken}`)
    .send({
      items: [
        {
          action: 'posted',
          externalId: 'sec-1',
          title: 'Security Engineer',
          company: 'Header Co',
          location: 'Remote - Worldwide',
          employmentType: 'Full-time',
          descriptionHtml: '<p>Keep things safe.</p>',
          applicationUrl: 'https://header-co.example/apply/sec-1',
        },
      ],
    });
  expect(res.status).toBe(200);
  jobSlug = res.body.results[0].slug as string;
});

afterAll(async () => {
  await h?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

/** Headers every response carries, whatever it is. */
function expectBaseline(headers: Record<string, string>, label: string) {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBeTruthy();
  expect(headers['permissions-policy'], label).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
  expect(headers['content-security-policy'], label).toBeTruthy();
}

/** The CSP directive `name`'s sources. */
function directive(csp: string, name: string): string[] | undefined {
  const found = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name);
  return found?.slice(1);
}

describe('security headers', () => {
  it('site HTML: a CSP whose scripts are this origin or the nonce, never unsafe-inline; every inline script is data or carries the nonce', async () => {
    for (const url of ['/', `/jobs/${jobSlug}`, '/admin', '/developers']) {
      const res = await site.get(url);
      expect(res.status, url).toBe(200);
      expectBaseline(res.headers, url);
      const csp = res.headers['content-security-policy'] as string;
      const scripts = directive(csp, 'script-src');
      expect(scripts, url).toBeDefined();
      expect(scripts, url).not.toContain("'unsafe-inline'");
      expect(scripts, url).not.toContain("'unsafe-eval'");
      expect(directive(csp, 'object-src'), url).toEqual(["'none'"]);
      expect(directive(csp, 'frame-ancestors'), url).toEqual(["'none'"]);
      expect(directive(csp, 'base-uri'), url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 128 bits
      for (const tag of res.text.match(/<script\b[^>]*>/g) ?? []) {
        const allowed =
          tag.includes('type="application/ld+json"') ||
          / src="\//.test(tag) ||
          tag.includes(`nonce="${nonce}"`);
        expect(allowed, `${url}: ${tag}`).toBe(true);
      }
    }
    // The first page's data and the job's JSON-LD are both there, so the loop above checked them.
    const job = await site.get(`/jobs/${jobSlug}`);
    expect(job.text).toMatch(/<script nonce="[^"]+">window\.__INITIAL_STATE__=/);
    expect(job.text).toContain('<script type="application/ld+json">');
  });

  it('a fresh nonce for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const csp = (await site.get('/')).headers['content-security-policy'] as string;
      nonces.add(/'nonce-([^']+)'/.exec(csp)![1]!);
    }
    expect(nonces.size).toBe(5);
  });

  it('API answers, errors included, load nothing and are framed nowhere', async () => {
    const cases: [string, number][] = [
      ['/api/jobs', 200],
      ['/api/openapi.json', 200],
      ['/api/no-such-route', 404],
      ['/api/user/job-alerts', 401],
      ['/feed.xml', 200],
      ['/healthz', 200],
    ];
    for (const [url, status] of cases) {
      const res = await site.get(url);
      expect(res.status, url).toBe(status);
      expectBaseline(res.headers, url);
      expect(res.headers['content-security-policy'], url).toBe(NON_HTML_CSP);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
    const refused = await site.post('/api/login').set('Origin', 'https://evil.example').send({});
    expect(refused.status).toBe(403);
    expectBaseline(refused.headers, 'refused POST');
  });

  it('/embed alone may be framed, by any site, and still runs no script', async () => {
    const res = await site.get('/embed?limit=3');
    expect(res.status).toBe(200);
    expectBaseline(res.headers, '/embed');
    const csp = res.headers['content-security-policy'] as string;
    expect(directive(csp, 'frame-ancestors')).toEqual(['*']);
    expect(directive(csp, 'default-src')).toEqual(["'none'"]);
    expect(directive(csp, 'script-src')).toBeUndefined(); // falls back to default-src 'none'
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('pages with a token in the URL keep Referrer-Policy: no-referrer', async () => {
    const res = await site.get('/unsubscribe/0123456789abcdef0123456789abcdef.AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expectBaseline(res.headers, '/unsubscribe');
    expect(directive(res.headers['content-security-policy'] as string, 'script-src')).not.toContain(
      "'unsafe-inline'",
    );
  });

  it('HSTS only over https: PUBLIC_URL https, or X-Forwarded-Proto https from a trusted proxy', async () => {
    expect((await site.get('/api/jobs')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await site.get('/api/jobs').set('X-Forwarded-Proto', 'https');
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directive(proxied.headers['content-security-policy'] as string, 'upgrade-insecure-requests'));

    const untrusted = supertest(
      createApp({
        ...h.services.appDeps,
        config: { ...h.services.config, trustProxy: { kind: 'none' } },
      }).callback(),
    );
    const spoofed = await untrusted.get('/api/jobs').set('X-Forwarded-Proto', 'https');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const httpsSite = supertest(
      createApp({
        ...h.services.appDeps,
        config: { ...h.services.config, publicUrl: 'https://jobs.example' },
        siteDistDir: distDir,
      }).callback(),
    );
    const page = await httpsSite.get('/');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('session cookie', () => {
  function cookies(res: supertest.Response): string[] {
    const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
    return raw ?? [];
  }

  it('over http: HttpOnly, SameSite=Lax, path /, not Secure', async () => {
    const username = unique('cookie');
    const res = await agent()
      .post('/api/register')
      .send({ username, email: `${username}@example.com`, password: PASSWORD });
    expect(res.status).toBe(201);
    const set = cookies(res).filter((c) => /^sid(\.sig)?=/.test(c));
    expect(set).toHaveLength(2); // the id and its signature
    for (const c of set) {
      expect(c).toMatch(/;\s*httponly/i);
      expect(c).toMatch(/;\s*samesite=lax/i);
      expect(c).toMatch(/;\s*path=\//i);
      expect(c).not.toMatch(/;\s*secure/i);
    }
  });

  it('with an https PUBLIC_URL behind a TLS proxy: Secure as well', async () => {
    const secure = await createTestHarness({ SESSION_SECRET: SECRET, PUBLIC_URL: 'https://jobs.example' });
    try {
      const username = unique('secure');
      const res = await supertest(secure.app.callback())
        .post('/api/register')
        .set('X-Forwarded-For', nextIp())
        .set('X-Forwarded-Proto', 'https')
        .send({ username, email: `${username}@example.com`, password: PASSWORD });
      expect(res.status).toBe(201);
      const set = cookies(res).filter((c) => /^sid(\.sig)?=/.test(c));
      expect(set).toHaveLength(2);
      for (const c of set) {
        expect(c).toMatch(/;\s*secure/i);
        expect(c).toMatch(/;\s*httponly/i);
        expect(c).toMatch(/;\s*samesite=lax/i);
      }
      expect(res.headers['strict-transport-security']).toBeTruthy();
    } finally {
      await secure.close();
    }
  });
});

describe('the client address behind a proxy', () => {
  // 'qwertyuiop' is on the common-password list: each try is refused with 400 after being counted.
  const signUp = (http: ReturnType<typeof supertest>, xff?: string) => {
    const username = unique('limit');
    const req = http.post('/api/register');
    if (xff) req.set('X-Forwarded-For', xff);
    return req.send({ username, email: `${username}@example.com`, password: 'qwertyuiop' });
  };

  it('a client cannot pick its own rate-limit key by writing X-Forwarded-For: the proxy-appended entry counts', async () => {
    const proxyAppended = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // What a proxy forwards when the client sent its own made-up X-Forwarded-For.
      statuses.push((await signUp(site, `198.51.100.${i}, ${proxyAppended}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });

  it('TRUST_PROXY=false: X-Forwarded-For is ignored, the socket address counts', async () => {
    const direct = supertest(
      createApp({
        ...h.services.appDeps,
        config: { ...h.services.config, trustProxy: { kind: 'none' } },
      }).callback(),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signUp(direct, `192.0.2.${i}`)).status);
    expect(statuses[10]).toBe(429);
  });
});

describe('logs', () => {
  it('keep no password, e-mail, session id, ingestion token, verification code or link token', async () => {
    const secrets: string[] = [PASSWORD, sourceToken];
    const username = unique('logged');
    const email = `${username}@example.com`;
    secrets.push(email);
    const me = agent();

    const registered = await me.post('/api/register').send({ username, email, password: PASSWORD });
    expect(registered.status).toBe(201);
    // The session id and its signature (not the signed-in hint, whose value is "1": no secret in it).
    const sessionCookies = (res: { headers: Record<string, unknown> }) =>
      (res.headers['set-cookie'] as string[]).filter((c) => c.startsWith('sid'));
    expect(sessionCookies(registered)).toHaveLength(2);
    for (const c of sessionCookies(registered)) secrets.push(c.split(';')[0]!.split('=')[1]!);
    expect((await me.post('/api/login').send({ username: email, password: 'wrong password 1' })).status).toBe(
      401,
    );
    const login = await me.post('/api/login').send({ username, password: PASSWORD });
    expect(login.status).toBe(200);
    for (const c of sessionCookies(login)) secrets.push(c.split(';')[0]!.split('=')[1]!);

    // The verification code, from the outbox (no SMTP here).
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      const mail = h.services.mailer.outbox()?.find((m) => m.to === email && /code is \d{6}/.test(m.text));
      code = mail ? /code is (\d{6})/.exec(mail.text)![1] : undefined;
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code).toBeDefined();
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await me.post('/api/verify-email').send({ code: wrong })).status).toBe(400);
    expect((await me.post('/api/verify-email').send({ code })).status).toBe(200);
    expect((await me.get('/api/user')).status).toBe(200);

    expect(
      (await site.post('/api/ingest/jobs').set('Authorization', `Bearer ${sourceToken}`).send({ items: 'x' }))
        .status,
    ).toBe(400);
    const unknownToken = generateSourceToken();
    secrets.push(unknownToken);
    expect(
      (await site.post('/api/ingest/jobs').set('Authorization', `Bearer ${unknownToken}`).send({ items: [] }))
        .status,
    ).toBe(401);

    const alertEmail = `${unique('alert')}@example.com`;
    secrets.push(alertEmail);
    const alert = await agent().post('/api/job-alerts').send({ email: alertEmail, title: 'security' });
    expect(alert.status).toBe(201);
    const key = alertLinkKeyFrom(SECRET);
    const confirmToken = alertToken(key, alert.body.id as string, 'confirm');
    const unsubscribeToken = alertToken(key, alert.body.id as string, 'unsubscribe');
    secrets.push(confirmToken, unsubscribeToken);
    expect((await site.get(`/alerts/confirm/${confirmToken}`)).status).toBe(200);
    expect((await site.get(`/unsubscribe/${unsubscribeToken}`)).status).toBe(200);
    expect(
      (await site.post(`/unsubscribe/${unsubscribeToken}`).type('form').send('List-Unsubscribe=One-Click'))
        .status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 300)); // mail reactors log after the answers

    const log = logLines.join('\n');
    // The capture works: the calls above are in it, their token paths masked.
    expect(log).toContain('"path":"/api/login"');
    expect(log).toContain('"path":"/unsubscribe/[redacted]"');
    expect(log).toContain('"path":"/alerts/confirm/[redacted]"');
    expect(log).toContain(INVALID_LOGIN_LOGGED);
    for (const secret of secrets) expect(log, `log holds ${secret}`).not.toContain(secret);
    expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    expect(log.toLowerCase()).not.toContain('password":"');
  });

  it('logPath masks only the link tokens', () => {
    expect(logPath('/unsubscribe/abc.def')).toBe('/unsubscribe/[redacted]');
    expect(logPath('/alerts/confirm/abc.def')).toBe('/alerts/confirm/[redacted]');
    expect(logPath('/api/jobs/abc')).toBe('/api/jobs/abc');
  });
});

const INVALID_LOGIN_LOGGED = 'Invalid username or password';

describe('tokens', () => {
  it('ingestion tokens: 256 random bits, stored and looked up only as SHA-256', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateSourceToken));
    expect(tokens.size).toBe(1000);
    for (const t of [...tokens].slice(0, 20)) {
      expect(t).toMatch(/^jb_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t.slice(3), 'base64url')).toHaveLength(32);
      expect(hashSourceToken(t)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('the ingestion read model holds the hash, never the token', async () => {
    const { rows } = await h.testDb.pool.query<{ token_hash: string }>(
      'select token_hash from ingestion_sources',
    );
    expect(rows.map((r) => r.token_hash)).toContain(hashSourceToken(sourceToken));
    expect(JSON.stringify(rows)).not.toContain(sourceToken);
    const events = await h.testDb.pool.query<{ data: unknown }>('select data from events');
    expect(JSON.stringify(events.rows)).not.toContain(sourceToken);
  });

  it('alert link tokens: a 144-bit MAC under a key derived from the server secret, checked in constant time', () => {
    const key = alertLinkKeyFrom(SECRET);
    const id = crypto.randomUUID();
    const token = alertToken(key, id, 'unsubscribe');
    const mac = token.split('.')[1]!;
    expect(Buffer.from(mac, 'base64url').length * 8).toBe(144);
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    try {
      expect(verifyAlertToken(key, token, 'unsubscribe')).toBe(id);
      expect(spy).toHaveBeenCalledTimes(1);
      const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      expect(verifyAlertToken(key, flipped, 'unsubscribe')).toBeNull();
      expect(verifyAlertToken(key, token, 'confirm')).toBeNull(); // purposes do not mix
      expect(verifyAlertToken(alertLinkKeyFrom(`${SECRET}x`), token, 'unsubscribe')).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the development outbox', () => {
  it('answers only a connection from this machine', async () => {
    const router = new Router();
    devOutboxRoutes(router, h.services.mailer, 'development');
    const handler = router.stack.find((l) => l.path === '/api/dev/outbox')!.stack.at(-1)!;
    const call = (remoteAddress: string) => {
      const ctx = {
        req: { socket: { remoteAddress } },
        set: () => undefined,
        body: undefined,
      } as unknown as Koa.Context;
      return Promise.resolve(handler(ctx as never, async () => undefined)).then(() => ctx.body);
    };
    await expect(call('203.0.113.9')).rejects.toMatchObject({ status: 404 });
    await expect(call('::ffff:10.0.0.8')).rejects.toMatchObject({ status: 404 });
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(await call(local)).toHaveProperty('messages');
  });
});
