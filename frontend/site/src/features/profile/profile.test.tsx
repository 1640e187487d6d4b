// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../components/ui/toast';
import { USER_QUERY_KEY } from '../../lib/auth';
import { aUser, anAdmin, renderWithApp, stubFetch } from '../../testing/render';

// The routes are lazy chunks: load them once up front so the first test's queries do not time out.
beforeAll(async () => {
  await import('../../app/routes/profile');
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function requestBody(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url) === path && init?.method === method);
  return call ? JSON.parse(call[1]!.body as string) : undefined;
}

describe('/profile', () => {
  it('shows username, e-mail, verification state and role', async () => {
    renderWithApp(undefined, { user: { ...aUser, isVerified: false }, path: '/profile' });
    const account = (await screen.findByRole('heading', { name: 'Account' })).closest('div')!.parentElement!;
    expect(within(account).getByText('janedoe')).toBeTruthy();
    expect(within(account).getByText('jane@example.com')).toBeTruthy();
    expect(within(account).getByText('Not verified')).toBeTruthy();
    expect(within(account).getByRole('link', { name: 'Verify Email' }).getAttribute('href')).toBe(
      '/verify-email',
    );
    expect(within(account).getByText('User')).toBeTruthy();
    cleanup();
    renderWithApp(undefined, { user: anAdmin, path: '/profile' });
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.getByText('Admin')).toBeTruthy();
  });

  it('keeps the job alerts and saved searches sections for the alerts feature', async () => {
    renderWithApp(undefined, { user: aUser, path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Job alerts' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Saved searches' })).toBeTruthy();
  });

  it('saves first and last name with PATCH /api/user and updates the session user', async () => {
    const user = userEvent.setup();
    const saved = { ...aUser, firstName: 'Janet', lastName: null };
    const fetchMock = stubFetch({ 'PATCH /api/user': { body: saved } });
    const { queryClient } = renderWithApp(undefined, { user: aUser, path: '/profile' });
    const first = await screen.findByLabelText('First name');
    expect((first as HTMLInputElement).value).toBe('Jane');
    expect(screen.getByRole('button', { name: 'Save name' })).toHaveProperty('disabled', true);
    await user.clear(first);
    await user.type(first, 'Janet ');
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(requestBody(fetchMock, 'PATCH', '/api/user')).toEqual({ firstName: 'Janet', lastName: null });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(saved);
  });

  it('checks the new password before sending, then reports a wrong current password inline', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'POST /api/user/password': {
        status: 400,
        body: {
          message: 'Current password is incorrect',
          error: {
            code: 'VALIDATION',
            details: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
          },
        },
      },
    });
    renderWithApp(undefined, { user: aUser, path: '/profile' });
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Password must be at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(requestBody(fetchMock, 'POST', '/api/user/password')).toBeUndefined();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password change failed')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(requestBody(fetchMock, 'POST', '/api/user/password')).toEqual({
      currentPassword: 'old password 1',
      newPassword: 'a brand new passphrase',
    });
  });

  it('changes the password, toasts and clears the form', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /api/user/password': { body: { ok: true } } });
    renderWithApp(undefined, { user: aUser, path: '/profile' });
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
