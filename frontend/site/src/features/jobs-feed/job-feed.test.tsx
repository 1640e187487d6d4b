// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { JobFeed } from './components/job-feed';
import { EMPTY_FILTERS, type FeedState } from './filters';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const job = (id: number, title: string) => ({
  id,
  slug: `job-${id}`,
  title,
  company: 'Acme',
  companyLogo: null,
  location: 'Remote',
  isRemote: true,
  isHybrid: false,
  type: 'Full Time',
  experienceLevel: 'Senior',
  industry: 'Technology',
  salary: null,
  datePosted: new Date().toISOString(),
  description: '<p>Build things.</p>',
  excerpt: 'Build things.',
  skills: [],
  eligibility: null,
});

/** /api/jobs answers the first query at once; any later query waits until `release` is called. */
function stubFeed() {
  let release: () => void = () => {};
  const later = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/jobs/count') return json({ total: 500 });
      if (url.pathname !== '/api/jobs') return new Response('Not found', { status: 404 });
      calls += 1;
      if (calls === 1) return json({ data: [job(1, 'Old Result')], page: 1, totalPages: 1, totalJobs: 1 });
      await later;
      return json({ data: [job(2, 'Second Result')], page: 1, totalPages: 1, totalJobs: 7 });
    }),
  );
  return () => release();
}

function Feed() {
  const [state, setState] = useState<FeedState>({ filters: EMPTY_FILTERS, sort: 'datePosted:desc' });
  return (
    <>
      <button onClick={() => setState({ ...state, filters: { ...EMPTY_FILTERS, title: 'Rust' } })}>
        Search Rust
      </button>
      <JobFeed state={state} />
    </>
  );
}

describe('feed after a search, filter or sort change', () => {
  it('shows six skeleton cards, not the old cards under the new heading, until the answer comes', async () => {
    const release = stubFeed();
    const user = userEvent.setup();
    renderWithApp(<Feed />, { user: null });
    expect(await screen.findByText('Old Result')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search Rust' }));
    expect(await screen.findAllByTestId('job-card-skeleton')).toHaveLength(6);
    expect(screen.queryByText('Old Result')).toBeNull();
    const heading = screen.getByRole('heading', { level: 2 });
    expect(within(heading).queryByText(/Jobs/)).toBeNull(); // no '1 Rust Jobs' from the old answer
    release();
    expect(await screen.findByText('Second Result')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^7 .*Rust.* Jobs$/);
    expect(screen.queryAllByTestId('job-card-skeleton')).toHaveLength(0);
  });
});
