import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createApp } from './app';
import { validated } from './validate';
import { z } from 'zod';
import { createTestHarness, type TestHarness } from '../testing/harness';

describe('HTTP shell', () => {
  let h: TestHarness;
  let http: ReturnType<typeof supertest>;
  let distDir: string;

  beforeAll(async () => {
    h = await createTestHarness();
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<html><head><title>Site</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg/>');
    const app = createApp({
      ...h.services.appDeps,
      siteDistDir: distDir,
      features: [
        {
          name: 'echo',
          routes(router) {
            router.post(
              '/api/echo',
              validated(
                { body: z.object({ name: z.string().min(2), age: z.number().int().optional() }) },
                (ctx, { body }) => {
                  ctx.body = { hello: body.name };
                },
              ),
            );
            router.get('/api/boom', () => {
              throw new Error('secret database detail');
            });
          },
        },
      ],
      renderers: [
        async (ctx) =>
          ctx.path === '/jobs/gone-job'
            ? { status: 410, title: 'Gone <job>', head: '<meta name="robots" content="noindex">' }
            : null,
      ],
    });
    http = supertest(app.callback());
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('reports health of the database, event store, search and mail', async () => {
    const res = await http.get('/healthz').expect(200);
    expect(res.body.status).toBe('ok');
    expect(Object.keys(res.body.checks).sort()).toEqual(['database', 'eventStore', 'mail', 'search']);
    for (const c of Object.values(res.body.checks) as { ok: boolean }[]) expect(c.ok).toBe(true);
  });

  it('echoes a request id and makes one when missing', async () => {
    const a = await http.get('/healthz').set('X-Request-Id', 'abcdefgh-1234');
    expect(a.headers['x-request-id']).toBe('abcdefgh-1234');
    const b = await http.get('/healthz').set('X-Request-Id', 'bad id!');
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await http.get('/api/nope').expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(res.body.message).toMatch(/No API route/);
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await http
      .post('/api/echo')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.message).toBe('Malformed JSON body');
  });

  it('rejects a non-JSON body with 415', async () => {
    const res = await http.post('/api/echo').set('Content-Type', 'text/plain').send('name=x').expect(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('names the invalid field', async () => {
    const res = await http.post('/api/echo').send({ name: 'x', age: 1.5 }).expect(400);
    expect(res.body.message).toMatch(/^Invalid field 'name'/);
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['age', 'name']);
    await http.post('/api/echo').send({ name: 'Ada' }).expect(200, { hello: 'Ada' });
  });

  it('never leaks internal errors', async () => {
    const res = await http.get('/api/boom').expect(500);
    expect(res.body).toMatchObject({ message: 'Internal server error', error: { code: 'INTERNAL_ERROR' } });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('refuses state-changing requests from another origin', async () => {
    const res = await http
      .post('/api/echo')
      .set('Origin', 'https://evil.example')
      .send({ name: 'Ada' })
      .expect(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    await http.post('/api/echo').set('Origin', 'http://localhost:3000').send({ name: 'Ada' }).expect(200);
  });

  it('serves hashed assets with an immutable year-long cache', async () => {
    const res = await http.get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    await http.get('/assets/missing.js').expect(404);
  });

  it('falls back to the SPA for client routes, never cached, 404 for unknown paths', async () => {
    const home = await http.get('/').expect(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.text).toContain('<div id="root">');
    await http.get('/about').expect(200);
    await http.get('/admin/users').expect(200);
    const unknown = await http.get('/no/such/page').expect(404);
    expect(unknown.text).toContain('<div id="root">');
  });

  it('lets renderers set status and head tags, escaped', async () => {
    const res = await http.get('/jobs/gone-job').expect(410);
    expect(res.text).toContain('<title>Gone &lt;job&gt;</title>');
    expect(res.text).toContain('<meta name="robots" content="noindex">');
  });

  it('sends security headers', async () => {
    const res = await http.get('/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
