// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/toast';
import { renderWithApp, stubFetch } from '../../testing/render';
import type { Job } from '../job-page/api/get-job';
import { JobSidebar } from '../job-page/components/job-sidebar';
import { JobAlertDialog } from './components/job-alert-dialog';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

const remoteJob: Job = {
  id: 42,
  slug: 'senior-rust-engineer-acme-42',
  title: 'Senior Rust Engineer',
  company: 'Acme',
  companyLogo: null,
  companyDescription: null,
  companyWebsite: null,
  companySize: null,
  location: 'Remote - Europe',
  isRemote: true,
  isHybrid: false,
  type: 'Full Time',
  experienceLevel: 'Senior',
  industry: 'Technology',
  salary: null,
  skills: [],
  description: '<p>Build things.</p>',
  datePosted: '2026-01-01T00:00:00.000Z',
  applicationUrl: 'https://acme.example/apply',
  sourceUrl: null,
  continent: 'Europe',
  country: null,
  eligibility: null,
};

function alertBodies(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/job-alerts') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(init!.body as string));
}

describe("job page: 'Get Similar Job Alerts'", () => {
  it('sends every criterion of the job: title, location, level, type and remote', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'POST /api/job-alerts': { status: 201, body: { id: 'a1' } } });
    renderWithApp(<JobSidebar job={remoteJob} />, { user: null });
    await user.type(screen.getByPlaceholderText('Enter your email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Get Job Alerts' }));
    await waitFor(() => expect(alertBodies(fetchMock)).toHaveLength(1));
    expect(alertBodies(fetchMock)[0]).toEqual({
      email: 'me@example.com',
      title: 'Senior Rust Engineer',
      location: 'Remote - Europe',
      experienceLevel: 'Senior',
      type: 'Full Time',
      isRemote: true,
      frequency: 'daily',
    });
  });

  it('leaves out a level the posting does not state, and asks for on-site jobs when the job is on-site', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'POST /api/job-alerts': { status: 201, body: { id: 'a1' } } });
    const onSite = {
      ...remoteJob,
      isRemote: false,
      experienceLevel: 'Not specified',
      location: 'Berlin, Germany',
    };
    renderWithApp(<JobSidebar job={onSite} />, { user: null });
    await user.type(screen.getByPlaceholderText('Enter your email'), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Get Job Alerts' }));
    await waitFor(() => expect(alertBodies(fetchMock)).toHaveLength(1));
    const body = alertBodies(fetchMock)[0] as Record<string, unknown>;
    expect(body).not.toHaveProperty('experienceLevel');
    expect(body).toMatchObject({ location: 'Berlin, Germany', isRemote: false });
  });

  it("says 'Please enter a valid email address' itself instead of sending a bad address", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({});
    renderWithApp(<JobSidebar job={remoteJob} />, { user: null });
    const form = screen.getByRole('form', { name: 'Job alert' }) as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    await user.type(screen.getByPlaceholderText('Enter your email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Get Job Alerts' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(alertBodies(fetchMock)).toHaveLength(0);
  });
});

describe('alert dialog e-mail validation', () => {
  it("shows the spec's message, not the browser's, for a missing or malformed address", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'POST /api/job-alerts': { status: 201, body: { id: 'a1' } } });
    renderWithApp(<JobAlertDialog open onOpenChange={() => {}} />, { user: null });
    const form = (await screen.findByRole('form', { name: 'Job alert' })) as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    fireEvent.submit(form);
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, 'jane@');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Subscribe to Job Alerts' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(alertBodies(fetchMock)).toHaveLength(0);
    await user.type(email, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe to Job Alerts' }));
    await waitFor(() => expect(alertBodies(fetchMock)).toHaveLength(1));
  });
});
