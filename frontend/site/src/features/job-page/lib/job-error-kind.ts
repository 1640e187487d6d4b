import { ApiError, getErrorStatus } from '../../../lib/api-client';

export type JobErrorKind = 'gone' | 'unavailable' | 'not-found';

interface ErrorBody {
  code?: string;
  slug?: string;
  reason?: string | null;
  removedAt?: string | null;
  error?: { code?: string };
}

export function errorBody(error: unknown): ErrorBody {
  if (!(error instanceof ApiError)) return {};
  try {
    const parsed: unknown = JSON.parse(error.body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ErrorBody) : {};
  } catch {
    return {};
  }
}

/** Spec section 2: 410 or GONE; 500 or INTERNAL_ERROR (and a network failure, which is no "not found"); otherwise not found. */
export function jobErrorKind(error: unknown): JobErrorKind {
  const status = getErrorStatus(error);
  const parsed = errorBody(error);
  const code = parsed.code ?? parsed.error?.code;
  if (status === 410 || code === 'GONE') return 'gone';
  if (status === undefined || status >= 500 || code === 'INTERNAL_ERROR') return 'unavailable';
  return 'not-found';
}

/** The slug a 410 names, so a removed job opened by its numeric id moves to its slug like a live one. */
export function goneSlug(error: unknown): string | undefined {
  if (jobErrorKind(error) !== 'gone') return undefined;
  const { slug } = errorBody(error);
  return typeof slug === 'string' && slug ? slug : undefined;
}
