import { QueryClient } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../lib/router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { USER_QUERY_KEY } from '../lib/auth';
import { queryConfig } from '../lib/query-client';
import type { User } from '../types/api';

// findBy*/waitFor wait up to 5 s, not 1 s: a route's lazy chunk and the first render can take seconds when the
// 2-core CI machine runs the whole suite at once (the profile tests timed out at 1 s under load average 15).
configure({ asyncUtilTimeout: 5000 });

/** jsdom lacks a few browser APIs that Radix and our layout call. */
export function installBrowserStubs(): void {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= vi.fn();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

export const aUser: User = {
  id: 1,
  username: 'janedoe',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  role: 'user',
  isVerified: true,
};

export const anAdmin: User = { ...aUser, username: 'admin', email: 'admin@example.com', role: 'admin' };

export interface RenderOptions {
  /** A user to start signed in, null for signed out; leave undefined to let the test's fetch answer. */
  user?: User | null;
  path?: string;
}

export function createTestQueryClient(user?: User | null): QueryClient {
  const client = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } },
  });
  if (user !== undefined) client.setQueryData(USER_QUERY_KEY, user);
  return client;
}

/** Renders `ui` (or the whole route table when none is given) with the app's providers at `path`. */
export function renderWithApp(
  ui?: ReactNode,
  { user, path = '/' }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  installBrowserStubs();
  const queryClient = createTestQueryClient(user);
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui ?? <AppRoutes />}</MemoryRouter>
    </AppProvider>,
  );
  return { ...result, queryClient };
}

/** A fetch stub answering JSON per "METHOD path"; anything else is a 404. */
export function stubFetch(routes: Record<string, { status?: number; body?: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    const answer = routes[key];
    if (!answer) return new Response('Not found', { status: 404, statusText: 'Not Found' });
    const status = answer.status ?? 200;
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
