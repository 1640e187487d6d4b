import type Koa from 'koa';

/**
 * Domain and HTTP errors map to one JSON shape (ARCHITECTURE.md):
 * `{ error: { code, message, details? }, message }`. The top-level `message` is what the public
 * client shows (spec section 7/8); extra fields (e.g. GONE's reason and removedAt) appear in both.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'GONE'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'METHOD_NOT_ALLOWED'
  | 'EXPECTATION_FAILED'
  | 'REQUEST_TIMEOUT'
  | 'HEADERS_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  /** A request Node's HTTP parser could not read (http/server.ts); VALIDATION is for readable ones. */
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  METHOD_NOT_ALLOWED: 405,
  /** An Expect header other than 100-continue (http/server.ts). */
  EXPECTATION_FAILED: 417,
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface FieldIssue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      details?: unknown;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = STATUS[code];
  }

  toBody(): Record<string, unknown> {
    const extra = this.options.extra ?? {};
    return {
      message: this.message,
      code: this.code,
      ...extra,
      error: {
        code: this.code,
        message: this.message,
        ...(this.options.details !== undefined ? { details: this.options.details } : {}),
        ...extra,
      },
    };
  }
}

export const badRequest = (message: string, details?: FieldIssue[]) =>
  new HttpError('VALIDATION', message, { details });
export const notFound = (message = 'Not found') => new HttpError('NOT_FOUND', message);
export const unauthorized = (message = 'Authentication required') => new HttpError('UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new HttpError('FORBIDDEN', message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new HttpError('CONFLICT', message, { extra });
export const gone = (message: string, extra: { reason: string | null; removedAt: string | null }) =>
  new HttpError('GONE', message, { extra });
export const rateLimited = (
  retryAfterSeconds: number,
  message = 'Too many requests. Please try again later.',
) =>
  new HttpError('RATE_LIMITED', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    extra: { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });

// ---- dependencies down: connection failures of PostgreSQL, the event store and the search index

/** The parts a request may depend on; /healthz reports each. */
export type DependencyPart = 'database' | 'eventStore' | 'search' | 'mail';

export const DEPENDENCY_NAMES: Record<DependencyPart, string> = {
  database: 'The database',
  eventStore: 'The event store',
  search: 'Search',
  mail: 'Mail delivery',
};

/** Seconds a client should wait before retrying while a part is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a server that is down, unreachable or gone mid-request. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a PostgreSQL that is shutting down, starting, full or cut off: class 08 (connection
 * exception), admin/crash shutdown, cannot connect now, too many connections, and a statement
 * cancelled by statement_timeout.
 */
const PG_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** node-postgres' own messages for a lost or never made connection (these carry no code). */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Query read timeout)/;

/** gRPC status codes of an EventStoreDB that cannot be reached in time: UNAVAILABLE, DEADLINE_EXCEEDED. */
const GRPC_UNAVAILABLE = new Set([14, 4]);

function classifyOne(err: object, wrapped: boolean): DependencyPart | null {
  const e = err as {
    name?: unknown;
    code?: unknown;
    type?: unknown;
    message?: unknown;
    response?: unknown;
    syscall?: unknown;
  };
  const name = typeof e.name === 'string' ? e.name : '';
  // Meilisearch: the request never got an answer (refused, reset, timed out), or the server answered 502–504.
  if (name === 'MeilisearchRequestError' || name === 'MeilisearchRequestTimeOutError') return 'search';
  if (name === 'MeilisearchApiError') {
    const status = (e.response as { status?: unknown } | undefined)?.status;
    return typeof status === 'number' && status >= 502 && status <= 504 ? 'search' : null;
  }
  // EventStoreDB (gRPC): UnavailableError / DeadlineExceededError, or a raw gRPC status.
  if (e.type === 'unavailable' || e.type === 'deadline-exceeded' || e.type === 'not-leader')
    return 'eventStore';
  if (typeof e.code === 'number' && GRPC_UNAVAILABLE.has(e.code) && 'metadata' in e) return 'eventStore';
  // PostgreSQL: node-postgres surfaces socket errors and server errors as they are.
  if (typeof e.code === 'string') {
    // A bare socket error is node-postgres' (the other clients wrap theirs): one found as the cause of
    // something else may be any outgoing call (an ATS board fetch), so only the thrown error counts.
    if (!wrapped && SOCKET_CODES.has(e.code) && typeof e.syscall === 'string') return 'database';
    if (e.code.startsWith('08') && e.code.length === 5) return 'database';
    if (PG_UNAVAILABLE_STATES.has(e.code)) return 'database';
  }
  if (typeof e.message === 'string' && PG_CONNECTION_MESSAGE.test(e.message)) return 'database';
  return null;
}

/**
 * Which part a failure says is down, or null when it is not a connection failure. Follows `cause`
 * (a few levels): adapters and projection errors may wrap what the driver threw.
 */
export function failedDependency(err: unknown): DependencyPart | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof HttpError) return null;
    const part = classifyOne(current, depth > 0);
    if (part) return part;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** 503 SERVICE_UNAVAILABLE naming the part, with Retry-After. */
export function serviceUnavailable(
  part: DependencyPart,
  retryAfterSeconds = DEPENDENCY_RETRY_AFTER_SECONDS,
): HttpError {
  return new HttpError(
    'SERVICE_UNAVAILABLE',
    `${DEPENDENCY_NAMES[part]} is unavailable. Please try again in a moment.`,
    {
      headers: { 'Retry-After': String(retryAfterSeconds) },
      extra: { dependency: part, retryAfter: retryAfterSeconds },
    },
  );
}

/**
 * Mounted just inside the error middleware: a request that failed because PostgreSQL, the event store
 * or the search index is down answers 503 naming the part (never a 500 with a stack), so clients and
 * load balancers know to retry. Other errors pass through untouched.
 */
export function dependencyFailures(): Koa.Middleware {
  return async function dependencyFailuresMiddleware(_ctx, next) {
    try {
      await next();
    } catch (err) {
      const part = failedDependency(err);
      if (!part) throw err;
      const mapped = serviceUnavailable(part);
      (mapped as { cause?: unknown }).cause = err;
      throw mapped;
    }
  };
}
