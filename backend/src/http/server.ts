import http from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { HttpError, type ErrorCode } from './errors';
import { normaliseAddress } from './client-address';
import { NON_HTML_CSP } from './middleware';

interface ClientErrorAnswer {
  code: ErrorCode;
  message: string;
}

/**
 * What a request Node's HTTP parser refused gets, by the parser's error code. Mirrors Node's own
 * choice of status (431 header overflow, 413 chunk extensions, 408 request timeout, 400 otherwise).
 */
function answerFor(err: NodeJS.ErrnoException): ClientErrorAnswer {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        code: 'HEADERS_TOO_LARGE',
        message: 'The request URL or headers are too large. Please shorten them and try again.',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The request body chunks are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' };
    default:
      return { code: 'BAD_REQUEST', message: 'The request could not be understood.' };
  }
}

/** A complete HTTP/1.1 answer in the one error shape, closing the connection. */
export function clientErrorResponse(err: NodeJS.ErrnoException): string {
  const { code, message } = answerFor(err);
  const error = new HttpError(code, message);
  const body = JSON.stringify(error.toBody());
  return [
    `HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Requests Node's HTTP parser refuses (a URL or headers past the 16 KB limit, malformed request
 * lines, a request that never finishes arriving) never reach the app; without this Node answers them
 * with a bare status line. This answers them in the app's error shape instead, then closes the socket.
 */
export function answerClientErrors(
  server: http.Server,
  onError: (err: NodeJS.ErrnoException) => void = () => undefined,
): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    onError(err);
    // A reset connection has nobody to answer; a response already under way on a keep-alive
    // connection must not be corrupted by a second one (Node's own handler checks the same).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      socket.end(clientErrorResponse(err));
      return;
    }
    socket.destroy();
  });
}

/** Connection caps and timeouts (config.http); `exempt` addresses (trusted proxies) have no per-address cap. */
export interface ConnectionLimits {
  maxConnections: number;
  maxConnectionsPerAddress: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  exempt?: (address: string) => boolean;
}

/**
 * Caps how many sockets one address may hold open: a client opening thousands of idle connections
 * would otherwise use up the process's file descriptors and the board would stop answering everyone.
 * Connections past the cap are closed at once. A trusted proxy carries everyone's requests: exempt.
 */
export function capConnectionsPerAddress(
  server: http.Server,
  max: number,
  exempt: (address: string) => boolean = () => false,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = normaliseAddress(socket.remoteAddress ?? '');
    if (exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Closes a connection whose first request's headers have not arrived within `ms`. Node's headersTimeout
 * only starts once a request begins, so a socket that never sends a byte would stay open forever.
 */
export function closeSilentConnections(server: http.Server, ms: number): void {
  const served = new WeakSet<Socket>();
  const answered = (req: http.IncomingMessage) => served.add(req.socket);
  server.on('request', answered);
  server.on('upgrade', answered);
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (!served.has(socket)) socket.destroy();
    }, ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * An `Expect` header other than 100-continue: Node answers a bare 417 without asking the app. This
 * answers it in the error shape with the headers of every other error instead.
 */
export function answerFailedExpectations(server: http.Server): void {
  server.on('checkExpectation', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const error = new HttpError('EXPECTATION_FAILED', 'Only "Expect: 100-continue" is supported.');
    const body = JSON.stringify(error.toBody());
    res.writeHead(error.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': NON_HTML_CSP,
      Connection: 'close',
    });
    res.end(body);
  });
}

/**
 * The app's HTTP server: Koa's request handler plus the parser-level error answers, and, with limits,
 * a cap on open sockets (in all and per address) and on how long a socket may sit idle: a connection
 * that sends no complete headers within headersTimeoutMs is closed, one idle between requests after
 * keepAliveTimeoutMs, a request still arriving after requestTimeoutMs.
 */
export function createHttpServer(
  app: Koa,
  onClientError?: (err: NodeJS.ErrnoException) => void,
  limits?: ConnectionLimits,
): http.Server {
  const server = limits
    ? http.createServer(
        {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          // Node's default looks for expired connections every 30 s, which lets idle ones pile up.
          connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
        },
        app.callback(),
      )
    : http.createServer(app.callback());
  if (limits) {
    server.maxConnections = limits.maxConnections;
    capConnectionsPerAddress(server, limits.maxConnectionsPerAddress, limits.exempt);
    closeSilentConnections(server, limits.headersTimeoutMs);
  }
  answerClientErrors(server, onClientError);
  answerFailedExpectations(server);
  return server;
}
