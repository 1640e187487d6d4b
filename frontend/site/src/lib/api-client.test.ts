import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getErrorStatus, getQueryFn, getServerMessage } from './api-client';
import { queryConfig } from './query-client';

function mockFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends a JSON body with its Content-Type, and credentials, when a payload exists', async () => {
    const fetchMock = mockFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/login', { username: 'a', password: 'b' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    });
  });

  it('sends neither a body nor a Content-Type without a payload, but still credentials', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/logout');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({});
    expect(init.credentials).toBe('include');
  });

  it('throws "{status}: {body text}" on a non-OK answer', async () => {
    mockFetch(new Response('{"message":"Invalid credentials"}', { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('POST', '/api/login', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('401: {"message":"Invalid credentials"}');
    expect(getErrorStatus(error)).toBe(401);
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/jobs')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('fetches the joined query key with credentials and returns the JSON', async () => {
    const fetchMock = mockFetch(Response.json({ total: 3 }));
    const client = new QueryClient();
    const data = await client.fetchQuery({
      queryKey: ['/api/jobs/count'],
      queryFn: getQueryFn({ on401: 'throw' }),
    });
    expect(data).toEqual({ total: 3 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/jobs/count');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it("returns null on 401 with on401 'returnNull'", async () => {
    mockFetch(new Response('Unauthorized', { status: 401 }));
    const client = new QueryClient();
    const data = await client.fetchQuery({
      queryKey: ['/api/user'],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(data).toBeNull();
  });

  it("throws on 401 with on401 'throw'", async () => {
    mockFetch(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    const client = new QueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401: 'throw' }), retry: false }),
    ).rejects.toThrow('401: Unauthorized');
  });
});

describe('getServerMessage', () => {
  it('reads a top-level message', () => {
    expect(getServerMessage(new ApiError(400, 'Bad Request', '{"message":"Username taken"}'), 'x')).toBe(
      'Username taken',
    );
  });

  it('reads the error.message of the API error shape', () => {
    const body = JSON.stringify({ error: { code: 'VALIDATION', message: 'Code must be 6 digits' } });
    expect(getServerMessage(new ApiError(400, 'Bad Request', body), 'x')).toBe('Code must be 6 digits');
  });

  it('reads a plain Error carrying the "{status}: {json}" message', () => {
    expect(getServerMessage(new Error('409: {"message":"Email in use"}'), 'x')).toBe('Email in use');
  });

  it('falls back for a non-JSON body or a non-HTTP error', () => {
    expect(getServerMessage(new ApiError(502, 'Bad Gateway', '<html>oops</html>'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(getServerMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
  });
});

describe('query client defaults (spec section 9)', () => {
  it('keeps data fresh 5 minutes, caches 10, retries queries once and never mutations, no focus refetch', () => {
    expect(queryConfig.queries).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(queryConfig.mutations.retry).toBe(false);
  });
});
