/**
 * Domain and HTTP errors map to one JSON shape (ARCHITECTURE.md):
 * `{ error: { code, message, details? }, message }`. The top-level `message` is what the public
 * client shows (spec section 7/8); extra fields (e.g. GONE's reason and removedAt) appear in both.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'GONE'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'SERVICE_UNAVAILABLE';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
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
