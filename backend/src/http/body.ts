import type Koa from 'koa';
import { HttpError } from './errors';

/**
 * Reads a JSON body with a size limit. Empty bodies are allowed (spec: a JSON body is sent only when
 * a payload exists); a body with another content type answers 415; malformed JSON answers 400.
 */
export function jsonBody(options: { limitBytes?: number } = {}): Koa.Middleware {
  const defaultLimit = options.limitBytes ?? 100 * 1024;
  return async function jsonBodyMiddleware(ctx, next) {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    const limit = (ctx.state.bodyLimitBytes as number | undefined) ?? defaultLimit;
    const declared = Number(ctx.get('content-length') || 0);
    const hasBody = declared > 0 || ctx.get('transfer-encoding') !== '';
    if (!hasBody) {
      ctx.request.body = undefined;
      return next();
    }
    if (declared > limit) throw new HttpError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new HttpError('UNSUPPORTED_MEDIA_TYPE', "Request body must be JSON (Content-Type: application/json)");
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new HttpError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`);
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() === '') {
      ctx.request.body = undefined;
      return next();
    }
    try {
      ctx.request.body = JSON.parse(text) as unknown;
    } catch {
      throw new HttpError('VALIDATION', 'Malformed JSON body', { details: [{ path: 'body', message: 'Malformed JSON' }] });
    }
    return next();
  };
}

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}
