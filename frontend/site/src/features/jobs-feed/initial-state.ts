/**
 * The first feed page the server sends with the HTML (backend/src/features/site-seo/home.ts), so the
 * home page shows jobs without waiting on a client round trip. It is used once, and only when the
 * query the server answered is the one the page asks for.
 */
import type { JobsQuery } from './filters';
import type { JobsPage } from './types';

export interface HomeInitialState {
  /** The GET /api/jobs query (without page) the server answered. */
  query: JobsQuery;
  firstPage: JobsPage;
  /** GET /api/jobs/count's total. */
  total: number;
  /** Epoch ms when the server read them. */
  renderedAt: number;
}

declare global {
  interface Window {
    __INITIAL_STATE__?: { home?: HomeInitialState } & Record<string, unknown>;
  }
}

let taken = false;

function homeState(): HomeInitialState | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.__INITIAL_STATE__?.home;
}

function sameQuery(a: JobsQuery, b: JobsQuery): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The server's first page for `query`, once; later calls (a refresh, a reset) fetch for real. */
export function takeInitialFeed(query: JobsQuery): { page: JobsPage; at: number } | undefined {
  const state = homeState();
  if (taken || !state || !sameQuery(state.query, query)) return undefined;
  taken = true;
  return { page: state.firstPage, at: state.renderedAt };
}

/** The server's total job count, if it sent one. */
export function initialTotal(): { total: number; at: number } | undefined {
  const state = homeState();
  return state ? { total: state.total, at: state.renderedAt } : undefined;
}
