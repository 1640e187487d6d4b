// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser, anAdmin, renderWithApp, stubFetch } from '../testing/render';
import { matchPage, pageRoutes } from './router';

// The back office is its own app (frontend/admin); here only its mounting behind the guards matters.
vi.mock('@jobs/admin', () => ({ default: () => <h1>Back office</h1> }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function heading(level = 1) {
  return (await screen.findByRole('heading', { level })).textContent;
}

describe('routes', () => {
  it('shows a friendly not-found page for an unknown path, with a link home', async () => {
    renderWithApp(undefined, { user: null, path: '/no/such/page' });
    expect(await heading()).toBe('Page not found');
    expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | RemoteJobs'));
  });

  it('shows the skeleton while a page loads, then the page inside header and footer', async () => {
    renderWithApp(undefined, { user: null, path: '/' });
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy();
    expect(await heading()).toBe('Find Your Dream Remote Job');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it.each([
    ['/auth?tab=register', 'Sign in or create an account'],
    // Signed out, /verify-email sends the visitor to sign in first.
    ['/verify-email', 'Sign in or create an account'],
    ['/countries', 'Remote Jobs by Country'],
    ['/resources', 'Remote Work Guide'],
    ['/job-types', 'Remote Jobs by Type'],
    ['/categories', 'Remote Job Categories'],
    ['/categories/software-engineering', 'Remote Software Engineering Jobs'],
    ['/categories/data-science', 'Remote Data Science & Analytics Jobs'],
    ['/about', 'About RemoteJobs'],
    ['/contact', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
  ])('%s renders %s', async (path, title) => {
    renderWithApp(undefined, { user: null, path });
    expect(await heading()).toBe(title);
  });

  it.each([
    ['/jobs/123', 'Job Not Found'],
    ['/jobs/senior-engineer-acme', 'Job Not Found'],
    ['/companies/Acme%20Inc', 'Company Not Found'],
  ])('%s renders its page (here: the server knows no such record) as %s', async (path, title) => {
    stubFetch({ 'GET /api/jobs/count': { body: { total: 0 } } });
    renderWithApp(undefined, { user: null, path });
    await waitFor(async () => expect(await heading()).toBe(title), { timeout: 5000 });
  });

  it('the countries and categories pages carry their anchors', async () => {
    renderWithApp(undefined, { user: null, path: '/countries#all-countries' });
    await heading();
    expect(document.getElementById('all-countries')).not.toBeNull();
    expect(screen.getByRole('link', { name: /Germany/ }).getAttribute('href')).toBe('/?location=Germany');
    cleanup();
    renderWithApp(undefined, { user: null, path: '/categories' });
    await heading();
    expect(document.getElementById('all-categories')).not.toBeNull();
  });

  it('static pages set document.title', async () => {
    renderWithApp(undefined, { user: null, path: '/privacy' });
    await heading();
    await waitFor(() => expect(document.title).toBe('Privacy Policy | RemoteJobs'));
  });

  it('/profile sends a signed-out visitor to /auth', async () => {
    renderWithApp(undefined, { user: null, path: '/profile' });
    expect(await heading()).toBe('Sign in or create an account');
  });

  it('/profile shows the profile to a signed-in user', async () => {
    renderWithApp(undefined, { user: aUser, path: '/profile' });
    expect(await heading()).toBe('Your profile');
  });

  it('/admin pages deny a signed-in non-admin', async () => {
    renderWithApp(undefined, { user: aUser, path: '/admin/users' });
    expect(await heading()).toBe('Access Denied');
    expect(
      screen.getByText('You do not have permission to access this page. Admin privileges are required.'),
    ).toBeTruthy();
  });

  it('/admin pages send a signed-out visitor to /auth', async () => {
    renderWithApp(undefined, { user: null, path: '/admin' });
    expect(await heading()).toBe('Sign in or create an account');
  });

  it.each([
    ['/admin', 'Back office'],
    ['/admin/company-discovery', 'Back office'],
    ['/admin/discovered-companies', 'Back office'],
    ['/admin/ats-sources', 'Back office'],
    ['/admin/users', 'Back office'],
    ['/admin/analytics', 'Back office'],
    ['/admin/export', 'Back office'],
    ['/admin/jobs/123/show', 'Back office'],
  ])('admin sees %s', async (path, title) => {
    // The back office runs React Router's BrowserRouter of its own (admin-app.tsx): it reads the real URL.
    window.history.replaceState(null, '', path);
    renderWithApp(undefined, { user: anAdmin, path });
    expect(await heading()).toBe(title);
  });
});

describe('the route table', () => {
  it.each([
    ['/', '/', {}],
    ['/jobs/senior-engineer-acme', '/jobs/:identifier', { identifier: 'senior-engineer-acme' }],
    ['/JOBS/123/', '/jobs/:identifier', { identifier: '123' }],
    ['/companies/Acme%20Inc', '/companies/:companyName', { companyName: 'Acme Inc' }],
    ['/categories/data-science', '/categories/data-science', {}],
    ['/profile', '/profile', {}],
    ['/jobs', '*', {}],
    ['/jobs/%E0%A4%A', '*', {}],
    ['/no/such/page', '*', {}],
  ])('%s is %s with %o', (pathname, path, params) => {
    const { route, params: got } = matchPage(pathname);
    expect(route.path).toBe(path);
    expect(got).toEqual(params);
  });

  it('only /profile asks for a signed-in visitor', () => {
    expect(pageRoutes.filter((r) => r.signedIn).map((r) => r.path)).toEqual(['/profile']);
  });
});
