// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '../../lib/router';
import { aUser, anAdmin, renderWithApp } from '../../testing/render';
import { AdminRoute, ProtectedRoute, VerifiedRoute } from './index';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function guarded(guard: 'protected' | 'admin' | 'verified') {
  const secret = <p>Secret content</p>;
  const element =
    guard === 'protected' ? (
      <ProtectedRoute>{secret}</ProtectedRoute>
    ) : guard === 'admin' ? (
      <AdminRoute>{secret}</AdminRoute>
    ) : (
      <VerifiedRoute>{secret}</VerifiedRoute>
    );
  return <Pages secret={element} />;
}

/** /secret behind the guard, and the /auth page it may send the visitor to. */
function Pages({ secret }: { secret: ReactNode }) {
  return useLocation().pathname === '/auth' ? <p>Auth page</p> : secret;
}

describe('ProtectedRoute', () => {
  it('shows a centred spinner while the session loads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithApp(guarded('protected'), { path: '/secret' });
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.queryByText('Secret content')).toBeNull();
  });

  it('redirects to /auth when nobody is signed in', async () => {
    renderWithApp(guarded('protected'), { user: null, path: '/secret' });
    expect(await screen.findByText('Auth page')).toBeTruthy();
  });

  it('renders the page for a signed-in user', () => {
    renderWithApp(guarded('protected'), { user: aUser, path: '/secret' });
    expect(screen.getByText('Secret content')).toBeTruthy();
  });
});

describe('AdminRoute', () => {
  it('shows Access Denied with a link home to a non-admin', () => {
    renderWithApp(guarded('admin'), { user: aUser, path: '/secret' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(
      screen.getByText('You do not have permission to access this page. Admin privileges are required.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Secret content')).toBeNull();
  });

  it('renders the page for an admin', () => {
    renderWithApp(guarded('admin'), { user: anAdmin, path: '/secret' });
    expect(screen.getByText('Secret content')).toBeTruthy();
  });
});

describe('VerifiedRoute', () => {
  it('shows the destructive verification alert to an unverified user', () => {
    renderWithApp(guarded('verified'), { user: { ...aUser, isVerified: false }, path: '/secret' });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByRole('heading', { name: 'Email Verification Required' })).toBeTruthy();
    expect(
      screen.getByText('You need to verify your email address before accessing this feature.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify Email Now' }).getAttribute('href')).toBe('/verify-email');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('Secret content')).toBeNull();
  });

  it('renders the page for a verified user', () => {
    renderWithApp(guarded('verified'), { user: aUser, path: '/secret' });
    expect(screen.getByText('Secret content')).toBeTruthy();
  });
});
