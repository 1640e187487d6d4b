// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { JobFeed } from './components/job-feed';
import { EMPTY_FILTERS, type FeedState } from './filters';
import { SEARCH_SETTLE_MS } from './hooks/use-search-report';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page = (total: number) => ({ data: [], page: 1, totalPages: 1, totalJobs: total });

/** The feed answers every query at once; POST /api/searches bodies are collected. */
function stubApi(): unknown[] {
  const reports: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/searches') {
        reports.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/jobs/count') return json({ total: 500 });
      if (url.pathname === '/api/jobs') return json(page(url.searchParams.get('title') === 'java' ? 3 : 0));
      return new Response('Not found', { status: 404 });
    }),
  );
  return reports;
}

let type: (title: string) => void = () => undefined;
function Feed() {
  const [state, setState] = useState<FeedState>({ filters: EMPTY_FILTERS, sort: 'datePosted:desc' });
  type = (title) => setState({ ...state, filters: { ...EMPTY_FILTERS, title } });
  return <JobFeed state={state} />;
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the search the visitor settled on (issue 24, 8)', () => {
  it('is reported once its results stayed on screen; the prefixes typed on the way are not', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reports = stubApi();
    renderWithApp(<Feed />, { user: null });
    await screen.findByText(/No Jobs Found/);
    for (const typed of ['j', 'ja', 'jav', 'java']) {
      act(() => type(typed));
      await wait(200);
    }
    await wait(SEARCH_SETTLE_MS - 500);
    expect(reports).toEqual([]);
    await wait(1000);
    expect(reports).toEqual([{ title: 'java', sortBy: 'datePosted', sortOrder: 'desc' }]);
    // Back to it later in the same visit: already counted.
    act(() => type('javascript'));
    await wait(300);
    act(() => type('java'));
    await wait(SEARCH_SETTLE_MS * 2);
    expect(reports.map((r) => (r as { title: string }).title)).toEqual(['java']);
  });

  it('reports nothing without a search text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reports = stubApi();
    renderWithApp(<Feed />, { user: null });
    await screen.findByText(/No Jobs Found/);
    await wait(SEARCH_SETTLE_MS * 2);
    expect(reports).toEqual([]);
  });
});
