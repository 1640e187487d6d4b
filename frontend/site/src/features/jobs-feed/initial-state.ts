/**
 * The first feed page the server sends with the HTML (backend/src/features/site-seo/home.ts), so the
 * home page shows jobs without waiting on a client round trip. It is used once, and only when the
 * query the server answered is the one the page asks for.
 */
import { readInitialState, takeInitial } from '../../lib/initial-state';
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

function homeState(): HomeInitialState | undefined {
  return readInitialState()?.home as HomeInitialState | undefined;
}

function sameQuery(a: JobsQuery, b: JobsQuery): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The server's first page for `query`, once; later calls (a refresh, a reset) fetch for real. */
export function takeInitialFeed(query: JobsQuery): { page: JobsPage; at: number } | undefined {
  return takeInitial('home.feed', (state) => {
    const home = state.home as HomeInitialState | undefined;
    if (!home || !sameQuery(home.query, query)) return undefined;
    return { page: home.firstPage, at: home.renderedAt };
  });
}

/** The server's total job count, if it sent one. */
export function initialTotal(): { total: number; at: number } | undefined {
  const state = homeState();
  return state ? { total: state.total, at: state.renderedAt } : undefined;
}
