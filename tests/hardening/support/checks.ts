/**
 * What every fuzz answer must satisfy: no 5xx; a 4xx in the one error shape
 * `{ message, code, error: { code, message, details? } }` (details naming the field for VALIDATION);
 * no internals in the message; and nothing written by a request that was refused. The MCP endpoint speaks
 * JSON-RPC 2.0, whose errors have their own shape `{ jsonrpc: '2.0', error: { code, message }, id }`.
 */
import type { FuzzResponse } from './client';

/** Events a refused request may append on purpose: a wrong verification code counts a failed try (spec'd lockout). */
export const WRITTEN_ON_PURPOSE_WHEN_REFUSED = new Set(['EmailVerificationFailed']);

/** Human-facing pages outside /api answer errors as pages (the alert links' HTML), not JSON. */
const isPagePath = (path: string) => !path.startsWith('/api/');

const LEAKS =
  /invalid byte sequence|syntax error at or near|violates .* constraint|unsupported Unicode escape|node_modules|\n\s+at \S+ \(|TypeError|ReferenceError|RangeError|duplicate key/i;

/** The MCP endpoint (Streamable HTTP) answers its HTTP errors as JSON-RPC errors, as the protocol says. */
const isJsonRpcPath = (path: string) => path === '/mcp' || path.startsWith('/mcp?');

const PARSER_REFUSALS = new Set([
  'METHOD_NOT_ALLOWED',
  'BAD_REQUEST',
  'HEADERS_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'REQUEST_TIMEOUT',
]);

interface JsonRpcError {
  jsonrpc?: unknown;
  error?: { code?: unknown; message?: unknown };
  id?: unknown;
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

/** The problems with one answer, empty when it is fine. */
export function problemsOf(path: string, res: FuzzResponse, method = 'GET'): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`${res.status} server error: ${res.text.slice(0, 300)}`);
  // Every answer, errors included, carries the security headers (a bare Node or Koa answer does not).
  if (res.headers && res.status > 0 && res.headers['x-content-type-options'] !== 'nosniff')
    problems.push(`${res.status} without the security headers: ${res.text.slice(0, 120)}`);
  if (res.status >= 400) {
    if (res.ownEvents.some((t) => !WRITTEN_ON_PURPOSE_WHEN_REFUSED.has(t)))
      problems.push(`refused with ${res.status} but appended ${res.ownEvents.join(', ')}`);
    if (res.sessionsAdded > 0) problems.push(`refused with ${res.status} but created a session`);
  }
  // A HEAD answer has no body to check the shape of.
  if (res.status >= 400 && res.status < 500 && method !== 'HEAD') {
    const json = res.contentType.startsWith('application/json');
    if (!json) {
      // Outside /api: the alert links answer HTML pages; a path no route took falls through to the
      // site (Koa's plain 404 where, as here, no site build is served).
      const page =
        res.contentType.startsWith('text/html') ||
        (res.status === 404 && res.contentType.startsWith('text/plain'));
      if (!(isPagePath(path) && page))
        problems.push(
          `${res.status} is not JSON (${res.contentType || 'no content type'}): ${res.text.slice(0, 120)}`,
        );
      return problems;
    }
    // A request Node's HTTP parser refuses never reaches a route, so nothing knows it was for /mcp: it gets
    // the server's answer in the API's shape (server.ts clientErrorResponse); so does a method the endpoint
    // does not route (PUT, PROPFIND, ...: the app's 405 with its Allow header, before any MCP code runs).
    const parserRefusal = PARSER_REFUSALS.has(String((res.body as ErrorBody | undefined)?.code));
    if (isJsonRpcPath(path) && !parserRefusal) {
      const rpc = (res.body ?? {}) as JsonRpcError;
      const rpcOk =
        rpc.jsonrpc === '2.0' &&
        typeof rpc.error === 'object' &&
        rpc.error !== null &&
        Number.isInteger(rpc.error.code) &&
        typeof rpc.error.message === 'string' &&
        rpc.error.message.length > 0 &&
        'id' in rpc;
      if (!rpcOk) problems.push(`${res.status} not a JSON-RPC error: ${res.text.slice(0, 200)}`);
      if (typeof rpc.error?.message === 'string' && LEAKS.test(rpc.error.message))
        problems.push(`${res.status} leaks internals: ${rpc.error.message.slice(0, 200)}`);
      return problems;
    }
    const body = (res.body ?? {}) as ErrorBody;
    const shapeOk =
      typeof body.message === 'string' &&
      body.message.length > 0 &&
      typeof body.code === 'string' &&
      typeof body.error === 'object' &&
      body.error !== null &&
      body.error.code === body.code &&
      body.error.message === body.message;
    if (!shapeOk) problems.push(`${res.status} in the wrong shape: ${res.text.slice(0, 200)}`);
    if (body.code === 'VALIDATION') {
      const details = body.error?.details;
      const named =
        Array.isArray(details) &&
        details.length > 0 &&
        details.every(
          (d: { path?: unknown; message?: unknown }) =>
            typeof d.path === 'string' && d.path.length > 0 && typeof d.message === 'string',
        );
      if (!named) problems.push(`VALIDATION without details naming the field: ${res.text.slice(0, 200)}`);
    }
    if (typeof body.message === 'string' && LEAKS.test(body.message))
      problems.push(`${res.status} leaks internals: ${body.message.slice(0, 200)}`);
  }
  return problems;
}
