import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../logger';
import { HttpError, forbidden } from './errors';
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
          path: ctx.path,
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
        } else {
          err = new HttpError('INTERNAL_ERROR', 'Internal server error');
          log?.error({ err: raw, method: ctx.method, path: ctx.path }, 'unhandled error');
        }
      }
      if (err.status < 500 && log)
        log.info({ method: ctx.method, path: ctx.path, status: err.status, code: err.code }, err.message);
      if (err.code !== 'INTERNAL_ERROR' && err.status >= 500) log?.warn({ code: err.code }, err.message);
      ctx.status = err.status;
      for (const [k, v] of Object.entries(err.options.headers ?? {})) ctx.set(k, v);
      ctx.body = err.toBody();
    }
  };
}

/**
 * CSRF defence for cookie sessions: a state-changing request that carries an Origin (or Referer) from
 * another site is refused. Bearer-token APIs (ingestion) and the RFC 8058 one-click unsubscribe are exempt.
 */
export function sameOrigin(options: {
  publicUrl: string;
  exempt?: (path: string) => boolean;
}): Koa.Middleware {
  const allowed = new URL(options.publicUrl).origin;
  return async function sameOriginMiddleware(ctx, next) {
    if (['GET', 'HEAD', 'OPTIONS'].includes(ctx.method) || options.exempt?.(ctx.path)) return next();
    const origin = ctx.get('origin') || (ctx.get('referer') ? safeOrigin(ctx.get('referer')) : '');
    if (origin && origin !== allowed && origin !== `${ctx.protocol}://${ctx.host}`) {
      throw forbidden('Cross-origin request refused');
    }
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

/** Baseline security headers; the embed route relaxes frame-ancestors itself. */
export function securityHeaders(): Koa.Middleware {
  return async function securityHeadersMiddleware(ctx, next) {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!ctx.response.get('Content-Security-Policy')) {
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Content-Security-Policy', "frame-ancestors 'none'");
    }
  };
}
