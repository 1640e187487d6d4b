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

/** Seconds a refused client is asked to wait before connecting again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** A complete 503 answer for a connection the server has no room for, closing it. */
export function busyResponse(): string {
  const error = new HttpError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.');
  const body = JSON.stringify(error.toBody());
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Retry-After: ${BUSY_RETRY_AFTER_SECONDS}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

interface Tracked {
  socket: Socket;
  address: string;
  /** A request is being answered on it. */
  busy: boolean;
  /** It carried a request before (an idle one is a keep-alive connection). */
  served: boolean;
}

/**
 * Issue 24 §5: the server-wide cap, shared fairly. Node's own `maxConnections` drops every new socket once the
 * cap is reached, so a crowd of addresses (each within its per-address cap, reconnecting as soon as a socket
 * closes) keeps everyone else out. Here a new connection at the cap makes room instead:
 *   1. the longest-idle keep-alive connection (one that was answered and sent nothing since) is closed;
 *   2. else one socket of the address holding the most, if it holds more than the newcomer's address would
 *      (a socket not in the middle of a response: one that never sent a request first);
 *   3. else the newcomer's own address is the crowd: it is answered 503 with Retry-After and closed.
 * A socket closed to make room, when it is not between requests of a keep-alive connection, is told 503 too.
 * Node's `maxConnections` stays as a hard ceiling a little above the cap (file descriptors).
 * The per-address cap (trusted proxies exempt) is kept: past it, sockets are closed at once.
 */
export function shareConnections(
  server: http.Server,
  limits: { maxConnections: number; maxConnectionsPerAddress: number },
  exempt: (address: string) => boolean = () => false,
): { stats(): { open: number; evictedIdle: number; evictedCrowd: number; refused: number } } {
  const byAddress = new Map<string, Set<Tracked>>();
  const bySocket = new Map<Socket, Tracked>();
  /** Keep-alive connections between requests, oldest idle first (a Set keeps insertion order). */
  const idle = new Set<Tracked>();
  const counters = { evictedIdle: 0, evictedCrowd: 0, refused: 0 };

  const refuse = (socket: Socket) => {
    if (socket.writable) socket.end(busyResponse());
    else socket.destroy();
    // Some clients never read the answer: do not let the socket linger.
    setTimeout(() => socket.destroy(), 1000).unref();
  };
  const evict = (t: Tracked) => {
    forget(t);
    if (t.served && !t.busy) t.socket.destroy();
    else refuse(t.socket);
  };
  const forget = (t: Tracked) => {
    if (!bySocket.delete(t.socket)) return;
    idle.delete(t);
    const set = byAddress.get(t.address);
    set?.delete(t);
    if (set && set.size === 0) byAddress.delete(t.address);
  };

  /** Room for a socket of `address`: closes one of another, or says there is none. */
  const makeRoom = (address: string): boolean => {
    const oldestIdle = idle.values().next().value;
    if (oldestIdle) {
      counters.evictedIdle++;
      evict(oldestIdle);
      return true;
    }
    let crowd: Set<Tracked> | undefined;
    for (const set of byAddress.values()) if (!crowd || set.size > crowd.size) crowd = set;
    const mine = byAddress.get(address)?.size ?? 0;
    if (!crowd || crowd.size <= mine + 1) return false;
    let victim: Tracked | undefined;
    for (const t of crowd) {
      if (!t.busy && !t.served) {
        victim = t;
        break;
      }
      if (!t.busy && !victim) victim = t;
    }
    victim ??= crowd.values().next().value;
    if (!victim) return false;
    counters.evictedCrowd++;
    evict(victim);
    return true;
  };

  server.maxConnections = limits.maxConnections + Math.max(16, Math.ceil(limits.maxConnections / 16));
  server.on('connection', (socket: Socket) => {
    const address = normaliseAddress(socket.remoteAddress ?? '');
    const own = byAddress.get(address);
    if (!exempt(address) && (own?.size ?? 0) >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    if (bySocket.size >= limits.maxConnections && !makeRoom(address)) {
      counters.refused++;
      server.emit('drop', { remoteAddress: address });
      refuse(socket);
      return;
    }
    const t: Tracked = { socket, address, busy: false, served: false };
    bySocket.set(socket, t);
    const set = byAddress.get(address) ?? new Set<Tracked>();
    set.add(t);
    byAddress.set(address, set);
    socket.once('close', () => forget(t));
  });
  const onRequest = (req: http.IncomingMessage, res?: http.ServerResponse) => {
    const t = bySocket.get(req.socket);
    if (!t) return;
    t.busy = true;
    t.served = true;
    idle.delete(t);
    const done = () => {
      if (!bySocket.has(t.socket)) return;
      t.busy = false;
      if (!t.socket.destroyed) idle.add(t);
    };
    if (res) res.once('finish', done);
  };
  server.on('request', onRequest);
  // An upgraded socket is the app's for good: never idle.
  server.on('upgrade', (req: http.IncomingMessage) => onRequest(req));
  return { stats: () => ({ open: bySocket.size, ...counters }) };
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
    shareConnections(server, limits, limits.exempt);
    closeSilentConnections(server, limits.headersTimeoutMs);
  }
  answerClientErrors(server, onClientError);
  answerFailedExpectations(server);
  return server;
}
