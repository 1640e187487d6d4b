import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  compressInMemory,
  HTML_BROTLI_QUALITY,
  HTML_GZIP_LEVEL,
  htmlBrotliQuality,
  SMALL_PAGE_BYTES,
} from './middleware';

const jobs = Array.from({ length: 40 }, (_, i) => ({
  id: i,
  title: `Senior engineer ${i}`,
  description: 'Build the remote jobs board with us. '.repeat(20),
}));

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The two layers as createApp mounts them, around a handler; `raw` asks over a socket and keeps the bytes undecoded. */
function appWith(handler: Koa.Middleware) {
  const app = new Koa();
  app.use(compress({ threshold: 1024 }));
  app.use(compressInMemory({ threshold: 1024 }));
  app.use(handler);
  const callback = app.callback();
  const raw = (acceptEncoding: string, method = 'GET') =>
    new Promise<Raw>((resolve, reject) => {
      const server = http.createServer(callback).listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const req = http.request(
          { port, host: '127.0.0.1', method, path: '/', headers: { 'accept-encoding': acceptEncoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              server.close();
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
            });
          },
        );
        req.on('error', reject);
        req.end();
      });
    });
  return Object.assign(supertest(callback), { raw });
}

describe('compressInMemory', () => {
  const json = appWith(async (ctx) => {
    ctx.body = { data: jobs };
  });

  it('answers a JSON value with brotli when the client prefers it, in one body with its length', async () => {
    const res = await json.raw('br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    // One buffer, not a stream: a Content-Length, no chunked transfer.
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toEqual({ data: jobs });
  });

  it('picks brotli when the client takes it at least as gladly as gzip, else gzip, else nothing', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br'); // a browser
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.2, br;q=0.9')).toBe('br');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.1, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
  });

  it('uses gzip for a client that takes gzip only, and follows the q-values', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0.5, gzip']) {
      const res = await json.raw(accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.body).toString())).toEqual({ data: jobs });
    }
  });

  it('sends a Buffer body with its own content type, and a string, encoded', async () => {
    const body = Buffer.from(JSON.stringify({ data: jobs }));
    const buffered = appWith(async (ctx) => {
      ctx.type = 'application/json';
      ctx.body = body;
    });
    const a = await buffered.raw('gzip');
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    expect(gunzipSync(a.body).equals(body)).toBe(true);

    const xml = `<?xml version="1.0" encoding="UTF-8"?><rss>${'<item>remote</item>'.repeat(200)}</rss>`;
    const rss = appWith(async (ctx) => {
      ctx.type = 'application/rss+xml; charset=utf-8';
      ctx.body = xml;
    });
    const r = await rss.raw('gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(gunzipSync(r.body).toString()).toBe(xml);

    const html = '<!doctype html><p>' + 'remote '.repeat(500);
    const page = appWith(async (ctx) => {
      ctx.type = 'html';
      ctx.body = html;
    });
    const b = await page.raw('br');
    expect(b.headers['content-encoding']).toBe('br');
    expect(b.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(b.body).toString()).toBe(html);
  });

  it('leaves alone what must not be encoded: small, identity, HEAD, no-transform, images, 204', async () => {
    const small = appWith(async (ctx) => {
      ctx.body = { ok: true };
    });
    expect((await small.get('/').set('Accept-Encoding', 'br')).headers['content-encoding']).toBeUndefined();
    const identity = await json.get('/').set('Accept-Encoding', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toEqual({ data: jobs });
    const refused = await json.get('/').set('Accept-Encoding', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    const head = await json.head('/').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    const noTransform = appWith(async (ctx) => {
      ctx.set('Cache-Control', 'public, no-transform');
      ctx.body = { data: jobs };
    });
    expect(
      (await noTransform.get('/').set('Accept-Encoding', 'br')).headers['content-encoding'],
    ).toBeUndefined();
    const png = appWith(async (ctx) => {
      ctx.type = 'image/png';
      ctx.body = Buffer.alloc(5000, 7);
    });
    expect((await png.get('/').set('Accept-Encoding', 'br')).headers['content-encoding']).toBeUndefined();
    const empty = appWith(async (ctx) => {
      ctx.status = 204;
    });
    expect((await empty.get('/').set('Accept-Encoding', 'br')).status).toBe(204);
  });

  it("compresses a page (text/html) harder than data, so a first view fits in a connection's first round trip", async () => {
    // A server-rendered page: markup for 20 cards and the JSON they hydrate from, as the search URL sends (over
    // SMALL_PAGE_BYTES, as a search URL's ~130 KB: quality HTML_BROTLI_QUALITY).
    const words =
      'remote team build product data design senior staff lead engineer platform growth customer'.split(' ');
    let seed = 7;
    const word = () => words[(seed = (seed * 48271) % 2147483647) % words.length];
    const varied = jobs.map((j) => ({ ...j, description: Array.from({ length: 400 }, word).join(' ') }));
    const cards = varied
      .slice(0, 20)
      .map(
        (j) =>
          `<li><a href="/jobs/${j.id}"><h2>${j.title}</h2><p>${j.description.slice(0, 150)}</p></a></li>`,
      )
      .join('');
    const page = `<!doctype html><html><body><ul>${cards}</ul><script>window.__STATE__=${JSON.stringify(varied)}</script></body></html>`;
    const html = appWith(async (ctx) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page;
    });
    const q = (quality: number) =>
      brotliCompressSync(Buffer.from(page), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
        },
      });
    expect(Buffer.byteLength(page)).toBeGreaterThanOrEqual(SMALL_PAGE_BYTES);
    const br = await html.raw('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(HTML_BROTLI_QUALITY).toBeGreaterThan(1);
    expect(br.body.equals(q(HTML_BROTLI_QUALITY))).toBe(true);
    expect(br.body.length).toBeLessThan(q(1).length);
    const gz = await html.raw('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    expect(gz.body.length).toBe(gzipSync(page, { level: HTML_GZIP_LEVEL }).length);
    expect(gz.body.length).toBeLessThan(gzipSync(page, { level: 1 }).length);
    // Data keeps the fastest level: a JSON answer is brotli quality 1.
    const data = await json.raw('br');
    expect(
      data.body.equals(
        brotliCompressSync(Buffer.from(JSON.stringify({ data: jobs })), {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 1,
            [constants.BROTLI_PARAM_SIZE_HINT]: JSON.stringify({ data: jobs }).length,
          },
        }),
      ),
    ).toBe(true);
  });

  it('takes brotli quality 3 for a page under SMALL_PAGE_BYTES (a job page) and HTML_BROTLI_QUALITY above', async () => {
    expect(htmlBrotliQuality(SMALL_PAGE_BYTES - 1)).toBe(3);
    expect(htmlBrotliQuality(SMALL_PAGE_BYTES)).toBe(HTML_BROTLI_QUALITY);
    const sizes = [60_000, 130_000];
    for (const size of sizes) {
      let page = '<!doctype html><html><body><ul>';
      for (let i = 0; page.length < size; i++)
        page += `<li><a href="/jobs/${i}">Job ${i} – ${(i * 7919) % 1000} at Company ${i % 37}</a></li>`;
      page += '</ul></body></html>';
      const app = appWith(async (ctx) => {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = page;
      });
      const raw = Buffer.from(page);
      const q = (quality: number) =>
        brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
      const br = await app.raw('br');
      expect(brotliDecompressSync(br.body).toString()).toBe(page);
      const quality = raw.length < SMALL_PAGE_BYTES ? 3 : HTML_BROTLI_QUALITY;
      expect(br.body.equals(q(quality))).toBe(true);
      expect(br.body.equals(q(quality === 3 ? HTML_BROTLI_QUALITY : 3))).toBe(false);
    }
  });

  it('leaves a stream to koa-compress, which still encodes it', async () => {
    const text = 'a job board '.repeat(500);
    const streamed = appWith(async (ctx) => {
      ctx.type = 'text/plain';
      ctx.body = Readable.from([text]);
    });
    const res = await streamed.raw('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(gunzipSync(res.body).toString()).toBe(text);
  });
});
