/**
 * Bad input never answers 500 (issue 18, section 2): malformed percent-encoding in paths, over-limit
 * chunked bodies and uploads the client drops. Through the real app on a loopback socket (raw
 * requests: clients such as fetch refuse to send these), with the site served and its logs read.
 */
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { createApp } from './app';
import { createHttpServer } from './server';

let h: TestHarness;
let server: http.Server;
let port = 0;
let distDir: string;
/** Every JSON line the app logged (debug and up). */
const logLines: { level: number; msg?: string; err?: { type?: string }; path?: string }[] = [];

const SHELL = '<html><head><title>Site</title></head><body><div id="root"></div></body></html>';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` (and then `chunks`) on a fresh socket; resolves with the parsed answer. */
function rawRequest(head: string, chunks: (Buffer | string)[] = []): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      for (const c of chunks) socket.write(c);
    });
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString('utf8')));
    socket.on('error', () => undefined); // the server may close while we still send
    socket.on('close', () => {
      const end = out.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no answer: ${JSON.stringify(out.slice(0, 200))}`));
      const [statusLine, ...lines] = out.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: out.slice(end + 4) });
    });
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

const get = (target: string) =>
  rawRequest(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);

/** Log lines written since `mark` (an index into logLines) at warn (40) or above. */
const loudSince = (mark: number) => logLines.slice(mark).filter((l) => l.level >= 40);

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as (typeof logLines)[number]);
      done();
    },
  });
  h = await createTestHarness(
    { LOG_LEVEL: 'debug' },
    { logger: createLogger({ level: 'debug', destination: sink }) },
  );
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bad-input-site-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
  server = createHttpServer(createApp({ ...h.services.appDeps, siteDistDir: distDir }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  await h?.close();
  if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
});

describe('malformed percent-encoding in the path', () => {
  it("site paths answer the site's not-found page (404 HTML), files a plain 404, never 500", async () => {
    const mark = logLines.length;
    for (const target of ['/%FF', '/jobs/%FF', '/companies/%E0%A4%A', '/%', '/jobs/%C0%AF/', '/about%ZZ']) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-type'], target).toMatch(/^text\/html/);
      expect(res.body, target).toContain('<div id="root">');
      expect(res.headers['content-security-policy'], target).toBeTruthy();
    }
    for (const target of ['/sitemap-jobs-%FF.xml', '/assets/%FF.js', '/feed%E0%A4%A.xml']) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.headers['x-content-type-options'], target).toBe('nosniff');
    }
    expect(loudSince(mark)).toEqual([]);
  });

  it('API paths answer JSON 4xx in the error shape', async () => {
    const mark = logLines.length;
    for (const target of [
      '/api/%FF',
      '/api/jobs/%FF',
      '/api/companies/%E0%A4%A',
      '/api/admin/jobs/%FF',
      // Well-formed, but text PostgreSQL cannot compare (U+0000, a lone surrogate): the job lookups refuse it.
      '/api/jobs/%00',
      '/api/jobs/%ED%A0%80',
      '/jobs/%00',
    ]) {
      const res = await get(target);
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      if (!target.startsWith('/api/')) continue;
      expect(res.headers['content-type'], target).toMatch(/^application\/json/);
      const body = JSON.parse(res.body) as { code: string; error: { code: string } };
      expect(body.error.code, target).toBe(body.code);
    }
    expect(loudSince(mark)).toEqual([]);
  });
});

describe('bodies over the limit or cut off', () => {
  const chunk = (data: Buffer) => [Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')];

  it('a chunked body over the limit answers the JSON 413 with the security headers', async () => {
    const mark = logLines.length;
    const big = Buffer.alloc(64 * 1024, 'a');
    const res = await rawRequest(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      [...chunk(big), ...chunk(big), ...chunk(big), Buffer.from('0\r\n\r\n')],
    );
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(loudSince(mark)).toEqual([]);
  });

  it('a chunked body over the limit is refused without reading it all (the connection closes)', async () => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/saved-searches HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    // Keeps sending (a client with an endless body) until the server closes the connection.
    const piece = Buffer.concat(chunk(Buffer.alloc(16 * 1024, 'b')));
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(piece);
    }, 5);
    await closed;
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('a client that drops its upload half-way is logged below error level, and the server carries on', async () => {
    const mark = logLines.length;
    for (const head of [
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n',
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      'POST /api/ingest/jobs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer jb_unknown\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n',
    ]) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.on('connect', resolve));
      socket.write(head);
      socket.write(head.includes('chunked') ? Buffer.concat(chunk(Buffer.from('{"username":"x'))) : '{"a":"');
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(loudSince(mark)).toEqual([]);
    expect((await get('/healthz')).status).toBeLessThan(500);
  });
});

describe('content negotiation a client cannot satisfy', () => {
  it('a client refusing every encoding (identity;q=0) gets the body unencoded, not a 500', async () => {
    const mark = logLines.length;
    for (const acceptEncoding of ['identity;q=0', '*;q=0', 'zstd;q=1, identity;q=0', 'br;q=abc, *;q=-1']) {
      const res = await rawRequest(
        `GET /api/openapi.json HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: ${acceptEncoding}\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, acceptEncoding).toBe(200);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body.length, acceptEncoding).toBeGreaterThan(1024);
    }
    expect(loudSince(mark)).toEqual([]);
  });
});

describe('an expectation the server cannot meet', () => {
  it('Expect other than 100-continue answers 417 in the error shape with security headers', async () => {
    const res = await rawRequest(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nExpect: garbage\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(res.status).toBe(417);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.body)).toMatchObject({ code: 'EXPECTATION_FAILED' });
  });
});
