// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser, anAdmin, renderWithApp, stubFetch } from '../../testing/render';
import { resetToasts } from '../ui/toast';
import { Header } from './header';

/** The signed-in hint cookie the server sets with a session (@jobs/contracts/session-hint). */
const hint = (on: boolean) => {
  document.cookie = on ? 'signed_in=1; path=/' : 'signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
};

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  hint(false);
});

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('Header', () => {
  it('shows the logo and the four links with their targets', () => {
    renderWithApp(<Header />, { user: null });
    expect(screen.getByRole('link', { name: /RemoteJobs home/ })).toHaveProperty('pathname', '/');
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Browse Jobs' }).getAttribute('href')).toBe('/');
    expect(nav.getByRole('link', { name: 'Countries' }).getAttribute('href')).toBe('/countries');
    expect(nav.getByRole('link', { name: 'Resources' }).getAttribute('href')).toBe('/resources');
    expect(nav.getByRole('link', { name: 'Job Types' }).getAttribute('href')).toBe('/job-types');
  });

  it("signed out: 'Log in' goes to /auth and 'Sign Up' to the register tab", () => {
    renderWithApp(<Header />, { user: null });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/auth?tab=register');
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  it('reads the user from GET /api/user, a 401 meaning signed out, without retrying', async () => {
    hint(true);
    const fetchMock = stubFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } });
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without the signed-in hint cookie, shows the signed-out links without asking GET /api/user', async () => {
    const fetchMock = stubFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } });
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with the hint, a signed-in answer shows the account menu', async () => {
    hint(true);
    stubFetch({ 'GET /api/user': { status: 200, body: aUser } });
    renderWithApp(<Header />);
    expect(await screen.findByRole('button', { name: 'Account menu for janedoe' })).toBeTruthy();
  });

  it('signed in: the avatar menu shows initials, username, e-mail, Profile and Log out, no admin link', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />, { user: aUser });
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    const trigger = await screen.findByRole('button', { name: 'Account menu for janedoe' });
    expect(trigger.textContent).toBe('JD');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('janedoe')).toBeTruthy();
    expect(within(menu).getByText('jane@example.com')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows Admin Dashboard only to admins', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />, { user: anAdmin });
    await user.click(await screen.findByRole('button', { name: 'Account menu for admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it("logs out with POST /api/logout, toasts 'Logged out' and shows the signed-out links", async () => {
    hint(true);
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'POST /api/logout': { status: 200, body: {} },
      'GET /api/user': { status: 401 },
    });
    renderWithApp(<Header />, { user: aUser });
    await user.click(await screen.findByRole('button', { name: 'Account menu for janedoe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Logged out')).toBeTruthy();
    expect(screen.getByText('You have been logged out successfully.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    const logoutCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(logoutCall?.[0]).toBe('/api/logout');
    expect(logoutCall?.[1]?.credentials).toBe('include');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/user')).toBe(true));
  });

  it("a failed logout toasts 'Logout failed' with the server's message", async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/logout': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Try later' } } },
    });
    renderWithApp(<Header />, { user: aUser });
    await user.click(await screen.findByRole('button', { name: 'Account menu for janedoe' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Logout failed')).toBeTruthy();
    expect(screen.getByText('Try later')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu for janedoe' })).toBeTruthy();
  });

  it('the mobile toggle opens and closes a menu with the same links', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />, { user: null });
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('mobile-menu');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    for (const label of ['Browse Jobs', 'Countries', 'Resources', 'Job Types', 'Log in', 'Sign Up']) {
      expect(mobile.getByRole('link', { name: label })).toBeTruthy();
    }
    expect(document.getElementById('mobile-menu')).not.toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('the mobile menu closes after following a link', async () => {
    const user = userEvent.setup();
    renderWithApp(<Header />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Toggle menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Countries' }),
    );
    expect(screen.getByRole('button', { name: 'Toggle menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the verify banner to signed-in unverified users only', async () => {
    renderWithApp(<Header />, { user: { ...aUser, isVerified: false } });
    // Its own chunk, loaded for those users only.
    expect(await screen.findByText('Please verify your email to access all features')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify Email' }).getAttribute('href')).toBe('/verify-email');
    cleanup();
    renderWithApp(<Header />, { user: aUser });
    expect(screen.queryByText('Please verify your email to access all features')).toBeNull();
    cleanup();
    renderWithApp(<Header />, { user: null });
    expect(screen.queryByText('Please verify your email to access all features')).toBeNull();
  });
});
