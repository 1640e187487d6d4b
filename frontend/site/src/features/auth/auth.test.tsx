// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '../../lib/router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/router';
import { resetToasts } from '../../components/ui/toast';
import { USER_QUERY_KEY } from '../../lib/auth';
import { aUser, renderWithApp, stubFetch } from '../../testing/render';
import type { User } from '../../types/api';

// The routes are lazy chunks: load them once up front so the first test's queries do not time out.
beforeAll(async () => {
  await import('../../app/routes/auth');
  await import('../../app/routes/verify-email');
  await import('../../app/routes/profile');
  await import('../../app/routes/home');
});

afterEach(() => {
  cleanup();
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, user: User | null) {
  return renderWithApp(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { user, path },
  );
}

const currentLocation = () => screen.getByTestId('location').textContent;

function postsTo(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST');
}

async function expectToast(title: string, description: string) {
  expect(await screen.findByText(title)).toBeTruthy();
  expect(screen.getByText(description)).toBeTruthy();
}

describe('/auth tabs', () => {
  it("opens 'Sign in' by default and 'Register' with ?tab=register", async () => {
    renderAt('/auth', null);
    expect((await screen.findByRole('tab', { name: 'Sign in' })).getAttribute('aria-selected')).toBe('true');
    cleanup();
    renderAt('/auth?tab=register', null);
    expect((await screen.findByRole('tab', { name: 'Register' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('switching tabs rewrites the URL', async () => {
    const user = userEvent.setup();
    renderAt('/auth', null);
    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    expect(currentLocation()).toBe('/auth?tab=register');
    await user.click(screen.getByRole('tab', { name: 'Sign in' }));
    expect(currentLocation()).toBe('/auth');
  });
});

describe('sign in', () => {
  it('asks for both fields before calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({});
    renderAt('/auth', null);
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.getByLabelText('Username or email').getAttribute('aria-invalid')).toBe('true');
    expect(postsTo(fetchMock, '/api/login')).toHaveLength(0);
  });

  it('signs in, toasts the welcome and returns to the page the guard came from', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'POST /api/login': { body: aUser } });
    const { queryClient } = renderAt('/profile', null);
    await user.type(await screen.findByLabelText('Username or email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectToast('Login successful', 'Welcome back, janedoe!');
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(JSON.parse(postsTo(fetchMock, '/api/login')[0]![1]!.body as string)).toEqual({
      username: 'jane@example.com',
      password: 'correct horse battery',
    });
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toEqual(aUser);
  });

  it("toasts 'Login failed' with the server's message, or the default", async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } } });
    renderAt('/auth', null);
    await user.type(await screen.findByLabelText('Username or email'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectToast('Login failed', 'Invalid username or password');
    expect(currentLocation()).toBe('/auth');

    stubFetch({ 'POST /api/login': { status: 502, body: 'Bad gateway' } });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByText('Login failed')).toHaveLength(2));
  });
});

describe('sign-ins paused (issue 24)', () => {
  it('offers a sign-in link by e-mail after a 429, and says it was sent', async () => {
    const user = userEvent.setup();
    const message =
      'If an account has this name, we sent its e-mail address a link to sign in from this browser.';
    const fetchMock = stubFetch({
      'POST /api/login': { status: 429, body: { message: 'Too many requests. Please try again later.' } },
      'POST /api/login/unlock': { status: 202, body: { ok: true, message } },
    });
    renderAt('/auth', null);
    await user.type(await screen.findByLabelText('Username or email'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(
      await screen.findByRole('button', { name: 'E-mail me a link to sign in from this browser' }),
    );
    expect(await screen.findByText(message)).toBeTruthy();
    expect(JSON.parse(postsTo(fetchMock, '/api/login/unlock')[0]![1]!.body as string)).toEqual({
      username: 'jane',
    });
  });
});

describe('register', () => {
  async function fillRegistration(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('shows inline errors for the rules the server enforces, without calling it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({});
    renderAt('/auth?tab=register', null);
    await screen.findByLabelText('Username');
    await fillRegistration(user, { Username: 'j d', Email: 'jane@', Password: 'short' });
    expect(screen.getByText('Username must be 3-30 characters: letters, digits, _ or -')).toBeTruthy();
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Password must be at least 10 characters')).toBeTruthy();
    expect(postsTo(fetchMock, '/api/register')).toHaveLength(0);
  });

  it("shows the server's field error inline and toasts 'Registration failed'", async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/register': {
        status: 400,
        body: {
          message: 'This password is too common',
          error: {
            code: 'VALIDATION',
            details: [{ path: 'password', message: 'This password is too common' }],
          },
        },
      },
    });
    renderAt('/auth?tab=register', null);
    await screen.findByLabelText('Username');
    await fillRegistration(user, { Username: 'janedoe', Email: 'jane@example.com', Password: 'password123' });
    expect(await screen.findByText('Registration failed')).toBeTruthy();
    // Once in the toast, once under the field.
    expect(screen.getAllByText('This password is too common')).toHaveLength(2);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
  });

  it("toasts a duplicate's 409 message", async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /api/register': { status: 409, body: { message: 'Username already exists' } } });
    renderAt('/auth?tab=register', null);
    await screen.findByLabelText('Username');
    await fillRegistration(user, {
      Username: 'janedoe',
      Email: 'jane@example.com',
      Password: 'a long passphrase',
    });
    await expectToast('Registration failed', 'Username already exists');
  });

  it('registers, welcomes the user and opens /verify-email', async () => {
    const user = userEvent.setup();
    const created = { ...aUser, isVerified: false, firstName: null, lastName: null };
    const fetchMock = stubFetch({ 'POST /api/register': { status: 201, body: created } });
    renderAt('/auth?tab=register', null);
    await screen.findByLabelText('Username');
    await fillRegistration(user, {
      'First name (optional)': 'Jane',
      Username: 'janedoe',
      Email: 'jane@example.com',
      Password: 'a long passphrase',
    });
    await expectToast('Registration successful', 'Welcome, janedoe!');
    await waitFor(() => expect(currentLocation()).toBe('/verify-email'));
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
    expect(JSON.parse(postsTo(fetchMock, '/api/register')[0]![1]!.body as string)).toEqual({
      username: 'janedoe',
      email: 'jane@example.com',
      password: 'a long passphrase',
      firstName: 'Jane',
    });
  });
});

describe('/verify-email', () => {
  const unverified: User = { ...aUser, isVerified: false };

  it('sends a signed-out visitor to /auth', async () => {
    renderAt('/verify-email', null);
    await waitFor(() => expect(currentLocation()).toBe('/auth'));
  });

  it('tells a verified user so, with a link home', async () => {
    renderAt('/verify-email', aUser);
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the job feed' }).getAttribute('href')).toBe('/');
  });

  it('offers a numeric one-time-code field and checks it has 6 digits', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({});
    renderAt('/verify-email', unverified);
    const field = await screen.findByLabelText('Verification code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(field, '12a3');
    expect((field as HTMLInputElement).value).toBe('123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code has 6 digits')).toBeTruthy();
    expect(postsTo(fetchMock, '/api/verify-email')).toHaveLength(0);
  });

  it('verifies, toasts and shows the verified state', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'POST /api/verify-email': { body: { user: aUser } } });
    renderAt('/verify-email', unverified);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast('Email Verified', 'Your email has been successfully verified.');
    expect(await screen.findByRole('heading', { name: 'Your email is verified' })).toBeTruthy();
    expect(JSON.parse(postsTo(fetchMock, '/api/verify-email')[0]![1]!.body as string)).toEqual({
      code: '123456',
    });
  });

  it("toasts 'Verification Failed' with the server's message", async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /api/verify-email': { status: 400, body: { message: 'Invalid or expired code' } } });
    renderAt('/verify-email', unverified);
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectToast('Verification Failed', 'Invalid or expired code');
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
  });

  it('resends the code, and names a failure with the default when the server says nothing', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /api/resend-verification': { body: { ok: true } } });
    renderAt('/verify-email', unverified);
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    await expectToast('Verification Code Sent', 'A new verification code has been sent to your email.');

    stubFetch({ 'POST /api/resend-verification': { status: 500, body: 'oops' } });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await expectToast('Failed to Resend Code', 'Failed to resend verification code');
  });
});
