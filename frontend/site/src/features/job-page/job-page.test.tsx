// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from '../../lib/router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/router';
import { renderWithApp, stubFetch } from '../../testing/render';

beforeAll(async () => {
  await import('../../app/routes/job');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Pathname() {
  return <output aria-label="pathname">{useLocation().pathname}</output>;
}

const goneBody = {
  error: { code: 'GONE', message: 'This job has been removed or has expired.', reason: 'Position filled' },
  reason: 'Position filled',
  removedAt: '2026-01-02T03:04:05.000Z',
  slug: 'retired-role-planner-acme-77',
};

describe('/jobs/{numeric id} of a removed job', () => {
  it('moves to the slug like a live job, and still says the job is no longer available', async () => {
    const fetchMock = stubFetch({
      'GET /api/jobs/77': { status: 410, body: goneBody },
      'GET /api/jobs/retired-role-planner-acme-77': { status: 410, body: goneBody },
    });
    renderWithApp(
      <>
        <AppRoutes />
        <Pathname />
      </>,
      { user: null, path: '/jobs/77' },
    );
    await waitFor(() =>
      expect(screen.getByLabelText('pathname').textContent).toBe('/jobs/retired-role-planner-acme-77'),
    );
    expect(await screen.findByRole('heading', { name: 'Job No Longer Available' })).toBeTruthy();
    expect(screen.getByText(/Reason: Position filled/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalled();
  });
});
