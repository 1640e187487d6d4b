import http from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import { HttpError, type ErrorCode } from './errors';
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

/** The app's HTTP server: Koa's request handler plus the parser-level error answers. */
export function createHttpServer(
  app: Koa,
  onClientError?: (err: NodeJS.ErrnoException) => void,
): http.Server {
  const server = http.createServer(app.callback());
  answerClientErrors(server, onClientError);
  answerFailedExpectations(server);
  return server;
}
