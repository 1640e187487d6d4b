import crypto from 'node:crypto';
import { Stream } from 'node:stream';
import zlib from 'node:zlib';
import type Koa from 'koa';
import type { Logger } from '../logger';
import { HttpError, forbidden } from './errors';
import { CLIENT_ABORTED_MESSAGE } from './body';
import { WrongExpectedVersionError, StreamNotFoundError } from '@jobs/contracts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Accepts a sane incoming X-Request-Id or makes one; echoes it and puts a child logger on ctx.state. */
export function requestId(logger: Logger): Koa.Middleware {
  return async function requestIdMiddleware(ctx, next) {
    const incoming = ctx.get('x-request-id');
    const id = REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ requestId: id });
    ctx.set('X-Request-Id', id);
    await next();
  };
}

/** Paths whose last segment is a secret link token (alert confirm and unsubscribe links). */
const TOKEN_PATH = /^(\/(?:unsubscribe|alerts\/confirm)\/)[^/]+/;

/** The path as logs may keep it: link tokens replaced, so a log reader cannot act on someone's alert. */
export function logPath(path: string): string {
  return path.replace(TOKEN_PATH, '$1[redacted]');
}

/** Logs each request once at its end (errors are logged by errorHandler). */
export function accessLog(): Koa.Middleware {
  return async function accessLogMiddleware(ctx, next) {
    const started = performance.now();
    await next();
    const log = ctx.state.log as Logger;
    if (ctx.status < 500) {
      log.debug(
        {
          method: ctx.method,
          path: logPath(ctx.path),
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  };
}

/** The one error middleware: domain errors to HTTP, internal details never leak, each error logged once. */
export function errorHandler(): Koa.Middleware {
  return async function errorMiddleware(ctx, next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        throw new HttpError('NOT_FOUND', `No API route for ${ctx.method} ${ctx.path}`);
      }
    } catch (raw) {
      const log = (ctx.state.log as Logger | undefined) ?? undefined;
      let err: HttpError;
      if (raw instanceof HttpError) err = raw;
      else if (raw instanceof WrongExpectedVersionError)
        err = new HttpError('CONFLICT', 'Someone else changed this first. Reload and try again.', {
          extra: { expected: raw.expected, actual: raw.actual },
        });
      else if (raw instanceof StreamNotFoundError) err = new HttpError('NOT_FOUND', 'Not found');
      else {
        const status = (raw as { status?: number; expose?: boolean }).status;
        if (status && status >= 400 && status < 500 && (raw as { expose?: boolean }).expose) {
          const code =
            status === 404
              ? 'NOT_FOUND'
              : status === 401
                ? 'UNAUTHORIZED'
                : status === 403
                  ? 'FORBIDDEN'
                  : status === 413
                    ? 'PAYLOAD_TOO_LARGE'
                    : status === 415
                      ? 'UNSUPPORTED_MEDIA_TYPE'
                      : 'VALIDATION';
          err = new HttpError(code, (raw as Error).message);
        } else if (clientWentAway(ctx, raw)) {
          // The client dropped the connection (a cut-off upload): nobody hears the answer, no fault of ours.
          err = new HttpError('BAD_REQUEST', CLIENT_ABORTED_MESSAGE);
        } else {
          err = new HttpError('INTERNAL_ERROR', 'Internal server error');
          log?.error({ err: raw, method: ctx.method, path: logPath(ctx.path) }, 'unhandled error');
        }
      }
      if (err.status < 500 && log)
        log.info(
          { method: ctx.method, path: logPath(ctx.path), status: err.status, code: err.code },
          err.message,
        );
      if (err.code !== 'INTERNAL_ERROR' && err.status >= 500) log?.warn({ code: err.code }, err.message);
      ctx.status = err.status;
      for (const [k, v] of Object.entries(err.options.headers ?? {})) ctx.set(k, v);
      ctx.body = err.toBody();
    }
  };
}

/**
 * Mount before koa-compress. A client that refuses every encoding we have, identity included
 * (`Accept-Encoding: identity;q=0`, or only encodings this Node lacks), made koa-compress set
 * `Content-Encoding: undefined` and throw: a 500. Such a client gets the body unencoded, as RFC 9110
 * allows (section 12.5.3), rather than an error.
 */
export function acceptableEncoding(): Koa.Middleware {
  return async function acceptableEncodingMiddleware(ctx, next) {
    if (ctx.get('accept-encoding') && ctx.acceptsEncodings('br', 'gzip', 'deflate', 'identity') === false)
      ctx.request.headers['accept-encoding'] = 'identity';
    await next();
  };
}

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const COMPRESSIBLE_TYPE =
  /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|ld\+json|manifest\+json|problem\+json)|image\/svg\+xml)/i;

const HTML_TYPE = /^text\/html\b/i;
/** Brotli quality and gzip level of a page (text/html); every other answer takes the fastest (1). */
export const HTML_BROTLI_QUALITY = 4;
export const HTML_GZIP_LEVEL = 6;
/** Pages under this many bytes of HTML (a job page: ~80 KB) take brotli quality 3 (see `htmlBrotliQuality`). */
export const SMALL_PAGE_BYTES = 100_000;

/**
 * Brotli quality of a page of `bytes` of HTML: 3 under SMALL_PAGE_BYTES, else HTML_BROTLI_QUALITY (29 Nov 2026, issue
 * 23 §6). A job page (~80 KB; its description, similar jobs and state) at quality 3 took 0.32 ms for 12.2 KB where
 * quality 4 took 0.58 ms for 11.4 KB (10,000-job board, 300 compressions, load ~2): still ~2.4 KB inside the first
 * round trip, for ~0.25 ms less of the ~5 ms of CPU the page costs. Home, search URLs (~125-130 KB) and company pages
 * keep quality 4: their margin is smaller (12.8 KB at quality 3 for a search URL) and their Lighthouse budgets were
 * measured with it.
 */
export function htmlBrotliQuality(bytes: number): number {
  return bytes < SMALL_PAGE_BYTES ? 3 : HTML_BROTLI_QUALITY;
}

/**
 * Compresses a response held in memory (a Buffer, a string or a JSON value) in one synchronous call, inside
 * koa-compress, which then leaves it alone (it skips a response with a Content-Encoding) and keeps the streams
 * (files) for itself. koa-compress always goes through a zlib stream: for the feed's 80 KB of JSON that is the
 * libuv thread pool, several event-loop turns and a chunked reply per request, and with 8 people typing it tripled
 * the feed's p95 (43 ms against 15 ms unencoded; scripts/bench/profile-typing.ts).
 * The levels are the fast ones, as for any dynamic answer (nginx's gzip default is level 1): on the feed's 84 KB of
 * JSON brotli quality 1 takes 0.26 ms for 19.6 KB where quality 4 took 1.1 ms for 17.4 KB and gzip level 6 0.8 ms
 * for 17.7 KB. Brotli whenever the client takes it at least as gladly as gzip (every browser sends both).
 *
 * A server-rendered page (text/html) is compressed harder: it is the first request of a visit, on a new
 * connection, and everything waits for it. A TCP connection's first round trip carries at most its initial
 * congestion window (10 segments, about 14.6 KB; RFC 6928); a document one byte over costs the visitor a whole
 * extra round trip (150 ms on a slow 4G link) before the first paint. The search URL's 128 KB of HTML (20 cards
 * and the data they hydrate from) is 13.8 KB at brotli quality 1, within 1 KB of that line, and 10.8 KB at
 * quality 5, for 0.3 ms more CPU (0.7 ms in all; quality 9 would take 11 ms); gzip level 6 takes it from
 * 16.3 KB to 13.6 KB for the same cost.
 * Quality 4, not 5 (29 Nov 2026, issue 23 §6: a page's CPU is the bench's ratio): on the 100,000-job board's pages
 * quality 3 / 4 / 5 took 0.40 / 0.73 / 1.04 ms for a job page's 77 KB (11.7 / 11.0 / 10.2 KB), 0.33 / 0.64 / 1.00
 * ms for a search URL's 130 KB (12.8 / 11.9 / 10.8 KB), 0.44 / 0.64 / 0.95 ms for home (12.5 / 11.5 / 10.4 KB):
 * every page stays ~2.7 KB inside the first round trip for ~0.3 ms less a page (docs/performance.md).
 */
export function compressInMemory(options: { threshold: number }): Koa.Middleware {
  return async function compressInMemoryMiddleware(ctx, next) {
    await next();
    const body: unknown = ctx.body;
    if (
      body === null ||
      body === undefined ||
      body instanceof Stream ||
      ctx.res.headersSent ||
      !ctx.writable ||
      ctx.method === 'HEAD' ||
      ctx.status === 204 ||
      ctx.status === 304 ||
      ctx.status === 206 ||
      ctx.response.get('Content-Range') ||
      ctx.response.get('Content-Encoding') ||
      NO_TRANSFORM.test(ctx.response.get('Cache-Control') || '')
    )
      return;
    const json = typeof body === 'object' && !Buffer.isBuffer(body);
    if (!json && !COMPRESSIBLE_TYPE.test(ctx.response.type || '')) return;
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(json ? JSON.stringify(body) : String(body));
    if (raw.length < options.threshold) return;
    const encoding = chooseEncoding(ctx.get('accept-encoding'));
    if (!encoding) return;
    // The Content-Type as set, parameters (charset) included: a Buffer body must not change it.
    const contentType = ctx.response.get('Content-Type');
    const page = !json && HTML_TYPE.test(ctx.response.type || '');
    ctx.body =
      encoding === 'br'
        ? zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: page ? htmlBrotliQuality(raw.length) : 1,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : zlib.gzipSync(raw, { level: page ? HTML_GZIP_LEVEL : 1 });
    if (contentType) ctx.set('Content-Type', contentType);
    else if (json) ctx.type = 'application/json';
    ctx.set('Content-Encoding', encoding);
    ctx.vary('Accept-Encoding');
  };
}

/** br or gzip by the Accept-Encoding q-values (RFC 9110 12.5.3; `*` stands for the codings not named), else null. */
export function chooseEncoding(header: string): 'br' | 'gzip' | null {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) value = Math.min(1, Number(m[1]) || 0);
    }
    q.set(name.trim(), value);
  }
  const of = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  const br = of('br');
  const gzip = Math.max(of('gzip'), q.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/** A stream error of a request whose client closed the connection before it was read. */
function clientWentAway(ctx: Koa.Context, err: unknown): boolean {
  const req = ctx.req;
  const gone = req.aborted || (req.destroyed && !req.complete) || req.socket?.destroyed === true;
  const code = (err as { code?: unknown } | null)?.code;
  return gone && typeof code === 'string' && CLIENT_GONE_CODES.has(code);
}

/**
 * CSRF defence for cookie sessions: a state-changing request that carries an Origin (or Referer) other
 * than PUBLIC_URL's (or one of ALLOWED_ORIGINS) is refused. Never the request's own Host or
 * X-Forwarded-Host: an attacker's page can name any host there. Bearer-token APIs (ingestion) and the
 * RFC 8058 one-click unsubscribe are exempt.
 */
export function sameOrigin(options: {
  publicUrl: string;
  allowedOrigins?: readonly string[];
  exempt?: (path: string) => boolean;
}): Koa.Middleware {
  const allowed = new Set([new URL(options.publicUrl).origin, ...(options.allowedOrigins ?? [])]);
  return async function sameOriginMiddleware(ctx, next) {
    if (['GET', 'HEAD', 'OPTIONS'].includes(ctx.method) || options.exempt?.(ctx.path)) return next();
    const origin = ctx.get('origin') || (ctx.get('referer') ? safeOrigin(ctx.get('referer')) : '');
    if (origin && !allowed.has(origin)) throw forbidden('Cross-origin request refused');
    return next();
  };
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/** Permissions the site never uses, switched off for it and anything it frames. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Responses that are not HTML (JSON, feeds, assets) load nothing and are framed nowhere. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of the site's HTML (the SPA shell, the alert pages). Scripts only from this origin or with
 * the response's nonce (the first page's data, site.ts); JSON-LD is data, never run. Styles may be inline:
 * React-admin (emotion), Scalar and the alert pages set them at run time or in attributes.
 */
export function siteCsp(nonce: string, https: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Security headers on every response, errors included (mount it outside errorHandler). A route that
 * sets its own Content-Security-Policy (the embed: frameable) or Referrer-Policy (token pages) keeps it.
 * HSTS when the site is https: PUBLIC_URL says so, or the request came over TLS (X-Forwarded-Proto
 * from a trusted proxy counts). `ctx.state.cspNonce` is the nonce an inline script of this response needs.
 */
export function securityHeaders(options: { publicUrl: string }): Koa.Middleware {
  const httpsSite = options.publicUrl.startsWith('https:');
  return async function securityHeadersMiddleware(ctx, next) {
    // Made on first use: only HTML answers carry it, and most answers are JSON (16 random bytes per request
    // showed in the feed's profile).
    let nonce: string | undefined;
    const cspNonce = () => (nonce ??= crypto.randomBytes(16).toString('base64'));
    Object.defineProperty(ctx.state, 'cspNonce', { get: cspNonce, enumerable: true, configurable: true });
    await next();
    const https = httpsSite || ctx.protocol === 'https';
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!ctx.response.get('Referrer-Policy')) ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (https) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!ctx.response.get('Content-Security-Policy')) {
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Content-Security-Policy', ctx.response.is('html') ? siteCsp(cspNonce(), https) : NON_HTML_CSP);
    }
  };
}
