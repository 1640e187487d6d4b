import type { QueryFunction } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A non-OK answer. The message is exactly `${status}: ${body text || statusText}` (spec section 8);
 * status and body are kept so callers need not parse the message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text();
  throw new ApiError(response.status, response.statusText, body);
}

/** Sends credentials always; a JSON body and its Content-Type only when a payload exists. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasPayload = body !== undefined;
  const response = await fetch(url, {
    method,
    headers: hasPayload ? { 'Content-Type': 'application/json' } : {},
    body: hasPayload ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** apiRequest, then the answer's JSON body (null for 204 or an empty body). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * A TanStack Query function that GETs the query key joined with '/' (so ['/api/user'] fetches /api/user).
 * With on401 'returnNull' an unauthenticated answer resolves to null instead of throwing.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/');
    const response = await fetch(url, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) {
      // Drain the body: an unread response stays open in the browser (never "network idle").
      await response.text().catch(() => undefined);
      return null;
    }
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

function messageFromBody(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as { message?: unknown; error?: unknown };
    if (typeof record.message === 'string' && record.message) return record.message;
    if (typeof record.error === 'object' && record.error !== null) {
      const nested = (record.error as { message?: unknown }).message;
      if (typeof nested === 'string' && nested) return nested;
    }
    if (typeof record.error === 'string' && record.error) return record.error;
  } catch {
    // Not JSON (an HTML error page, a proxy message): the caller's default reads better.
  }
  return undefined;
}

/**
 * The server's JSON `message` (or `error.message`) carried by an error from apiRequest, else `fallback`.
 * Use it for toasts: 'Login failed' / server message or the default.
 */
export function getServerMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return messageFromBody(error.body) ?? fallback;
  if (error instanceof Error) {
    const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
    if (match?.[1]) return messageFromBody(match[1]) ?? fallback;
  }
  return fallback;
}

/** The HTTP status of an error from apiRequest or getQueryFn, if it is one. */
export function getErrorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const match = /^(\d{3}): /.exec(error.message);
    if (match?.[1]) return Number(match[1]);
  }
  return undefined;
}
