import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { HttpError } from './errors';
import { refuseUnstorableText } from './text-input';

/**
 * Reads a JSON body with a size limit. Empty bodies are allowed (spec: a JSON body is sent only when
 * a payload exists); a body with another content type answers 415; malformed JSON answers 400.
 */
export function jsonBody(options: { limitBytes?: number } = {}): Koa.Middleware {
  const defaultLimit = options.limitBytes ?? 100 * 1024;
  return async function jsonBodyMiddleware(ctx, next) {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    // These routes read their own (larger) bodies with readJsonBody, after authenticating the caller.
    if (SELF_PARSED_PREFIXES.some((prefix) => ctx.path.startsWith(prefix))) return next();
    ctx.request.body = await readJsonBody(
      ctx,
      (ctx.state.bodyLimitBytes as number | undefined) ?? defaultLimit,
    );
    // No handler can store such text; the ingestion API (self-parsed) rejects it item by item instead.
    refuseUnstorableText(ctx.request.body, 'field');
    return next();
  };
}

/** Paths whose routes parse the body themselves (the ingestion API takes batches of up to ~50 MB; RFC 8058 one-click unsubscribe posts a form body nobody needs to read; MCP answers a bad body with a JSON-RPC error). */
const SELF_PARSED_PREFIXES = ['/api/ingest/', '/unsubscribe/', '/mcp'];

/** Reads a JSON body of at most `limit` bytes: 413 past it, 415 for another type, 400 for bad JSON; undefined when empty. */
export async function readJsonBody(ctx: Koa.Context, limit: number): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  const hasBody = declared > 0 || ctx.get('transfer-encoding') !== '';
  if (!hasBody) return undefined;
  if (declared > limit) throw tooLarge(limit);
  if (!ctx.is('application/json', 'application/*+json')) {
    throw new HttpError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Request body must be JSON (Content-Type: application/json)',
    );
  }
  const text = (await readRaw(ctx.req, limit)).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError('VALIDATION', 'Malformed JSON body', {
      details: [{ path: 'body', message: 'Malformed JSON' }],
    });
  }
}

/**
 * 413, closing the connection: the rest of an over-limit upload (a chunked one has no Content-Length
 * to refuse it by up front) is not read, and the answer goes out in the error shape with every header.
 */
function tooLarge(limit: number): HttpError {
  return new HttpError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limit} bytes`, {
    headers: { Connection: 'close' },
  });
}

/** The client closed the connection before its body arrived: nobody hears the answer, and it is no fault of ours. */
export const CLIENT_ABORTED_MESSAGE = 'The client closed the connection before the request body arrived';

/**
 * The raw body, at most `limit` bytes. Past the limit the loop is left without destroying the request
 * (a plain `for await` destroys it on the way out, and with it the socket the 413 must go out on). A
 * request the client aborts rejects with a 400 (logged at info by the error middleware), not the
 * stream's ECONNRESET.
 */
async function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req.iterator({ destroyOnReturn: false })) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        // Not read further; an 'error' listener stays so a late reset is not an uncaught error.
        req.on('error', () => undefined);
        throw tooLarge(limit);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    if (req.aborted || req.destroyed || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new HttpError('BAD_REQUEST', CLIENT_ABORTED_MESSAGE);
    throw err;
  }
  return Buffer.concat(chunks);
}

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}
