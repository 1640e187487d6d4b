// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/toast';
import { renderWithApp, stubFetch } from '../../testing/render';
import { ReportJobButton } from './components/report-job-button';

beforeAll(async () => {
  await import('./components/report-job-dialog');
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Report this job' }));
  await screen.findByRole('dialog', { name: 'Report this job' });
  return user;
}

describe('Report this job', () => {
  it('sends the chosen reason and the note, shows the success toast and closes', async () => {
    const fetchMock = stubFetch({
      'POST /api/jobs/42/reports': {
        status: 201,
        body: { id: 'r', message: "Thanks. We'll review this job." },
      },
    });
    renderWithApp(<ReportJobButton identifier={42} title="Rust Engineer" />, { user: null });
    const user = await openDialog();
    for (const label of [
      'Expired or filled',
      'Not really remote',
      'Scam or spam',
      'Wrong information',
      'Other',
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
    await user.click(screen.getByLabelText('Not really remote'));
    await user.type(screen.getByLabelText('Details (optional)'), 'Office in Berlin 3 days a week');
    expect(screen.getByText('30/1000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send Report' }));

    expect(await screen.findByText('Report sent')).toBeTruthy();
    expect(screen.getByText("Thanks. We'll review this job.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this job' })).toBeNull());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/jobs/42/reports');
    expect(JSON.parse(init!.body as string)).toEqual({
      reason: 'not-remote',
      note: 'Office in Berlin 3 days a week',
    });
  });

  it('asks for a reason before sending', async () => {
    const fetchMock = stubFetch({});
    renderWithApp(<ReportJobButton identifier={42} title="Rust Engineer" />, { user: null });
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(screen.getByText('Please choose a reason.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the report is refused (e.g. too many reports)", async () => {
    stubFetch({
      'POST /api/jobs/42/reports': {
        status: 429,
        body: { message: 'Too many requests. Please try again later.', error: { code: 'RATE_LIMITED' } },
      },
    });
    renderWithApp(<ReportJobButton identifier={42} title="Rust Engineer" />, { user: null });
    const user = await openDialog();
    await user.click(screen.getByLabelText('Scam or spam'));
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('Failed to send report')).toBeTruthy();
    expect(screen.getByText('Too many requests. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Report this job' })).toBeTruthy();
  });
});
