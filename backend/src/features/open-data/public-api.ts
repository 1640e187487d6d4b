/**
 * What every public read call gets, wherever its route lives: CORS for any origin without credentials
 * (reads carry no cookies cross-site, so `*` is safe), CORS preflight, and the per-IP rate limit with the
 * IETF draft's RateLimit headers (draft-ietf-httpapi-ratelimit-headers: RateLimit-Limit, -Remaining,
 * -Reset and RateLimit-Policy) and 429 with Retry-After past it.
 *
 * The site's own traffic (same origin, or a signed-in user) counts against a limit ten times higher: the
 * home feed polls, and an office behind one address must not be throttled. A script can claim to be
 * same-origin, so that limit is still bounded.
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import { rateLimited } from '../../http/errors';
import { currentUser } from '../auth/guards';
import { isPublicRead, PUBLIC_READ_PATHS } from './public-paths';
import type pg from 'pg';
import { SharedWindowCounter, WindowCounter } from './rate-window';

export interface PublicLimits {
  /** Requests per window for an anonymous caller from another site, per IP. */
  anonymous: number;
  /** Requests per window for the site's own pages and signed-in users. */
  site: number;
  windowSeconds: number;
}

export const PUBLIC_LIMITS: PublicLimits = { anonymous: 600, site: 6000, windowSeconds: 60 };

const EXPOSED_HEADERS = [
  'ETag',
  'Last-Modified',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'Retry-After',
  'X-Request-Id',
].join(', ');

function setCors(ctx: Koa.Context): void {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

function fromTheSite(ctx: Koa.Context, siteOrigin: string): boolean {
  if (ctx.get('sec-fetch-site') === 'same-origin') return true;
  const origin = ctx.get('origin');
  if (origin) return origin === siteOrigin;
  const referer = ctx.get('referer');
  return referer === siteOrigin || referer.startsWith(`${siteOrigin}/`);
}

export function publicApi(options: {
  publicUrl: string;
  limits?: PublicLimits;
  /** Counts shared by every instance on this database (batched: no write per request); else per process. */
  pool?: pg.Pool;
  onError?: (err: unknown) => void;
}) {
  const limits = options.limits ?? PUBLIC_LIMITS;
  const siteOrigin = new URL(options.publicUrl).origin;
  const counter = (name: string) =>
    options.pool
      ? new SharedWindowCounter(options.pool, name, limits.windowSeconds, { onError: options.onError })
      : new WindowCounter(limits.windowSeconds);
  const anonymous = counter('public:anonymous');
  const site = counter('public:site');

  const middleware: Koa.Middleware = async function publicApiMiddleware(ctx, next) {
    // An MCP request (POST /mcp) spends the same budget as the API call it stands for; it answers no CORS.
    const mcp = ctx.method === 'POST' && ctx.path === '/mcp';
    if (!mcp && ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isPublicRead(ctx.path))) return next();
    if (!mcp) setCors(ctx);
    const user = currentUser(ctx);
    const ours = Boolean(user) || fromTheSite(ctx, siteOrigin);
    const limit = ours ? limits.site : limits.anonymous;
    const { count, resetSeconds } = (ours ? site : anonymous).hit(user ? `user:${user.id}` : `ip:${ctx.ip}`);
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, limit - count)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    ctx.set('RateLimit-Policy', `${limit};w=${limits.windowSeconds}`);
    if (count > limit)
      throw rateLimited(resetSeconds, `Too many requests: at most ${limit} a minute. Please slow down.`);
    await next();
  };

  /** Preflight for the public reads: GET and HEAD from any origin, the conditional headers allowed. */
  const preflight: Koa.Middleware = async function publicApiPreflight(ctx) {
    setCors(ctx);
    ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    ctx.set(
      'Access-Control-Allow-Headers',
      'Accept, Accept-Language, Content-Type, If-None-Match, If-Modified-Since, X-Request-Id',
    );
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.status = 204;
  };

  /** Registers both: call first, so the middleware runs before every later route of the router. */
  return function register(router: Router): void {
    router.use(middleware);
    for (const path of PUBLIC_READ_PATHS) router.options(path, preflight);
  };
}
