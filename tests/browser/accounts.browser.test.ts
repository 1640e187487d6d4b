import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launchBrowser, mailCount, screenshot, waitForMail, watchConsole } from './support/browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const BANNER = 'Please verify your email to access all features';

/** Grants the admin role with the real CLI, on the run's database (serverEnv from the harness). */
async function grantAdmin(email: string): Promise<void> {
  const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  for (const [key, value] of Object.entries(serverEnv)) if (value) env[key] = value;
  await run(process.execPath, ['--import', 'tsx', 'backend/src/cli/user-admin.ts', '--email', email], {
    cwd: root,
    env,
  });
}

/** The verification code from the real e-mail the server sent over SMTP. */
async function mailedCode(email: string, after: number): Promise<string> {
  const mail = await waitForMail(email, { after, match: (m) => /verification code is \d{6}/.test(m.raw) });
  const code = /verification code is (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.raw}`);
  return code;
}

describe('accounts in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const id = crypto.randomBytes(3).toString('hex');
  const username = `e2e_${id}`;
  const email = `e2e-${id}@example.com`;
  const password = 'a very long passphrase 42';

  const toast = (text: string) => page.getByText(text, { exact: true }).first();
  const accountMenu = () => page.getByRole('button', { name: `Account menu for ${username}` });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchConsole(page);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('registers, reads the code from the e-mail, verifies, and the banner goes away', async () => {
    const mailsBefore = await mailCount();
    await page.goto(`${baseUrl()}/auth?tab=register`);
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();
    await screenshot(page, 'accounts-register');

    // Client-side checks first: nothing is sent while the fields break the rules.
    await page.getByLabel('Username').fill('x');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Username must be 3-30 characters: letters, digits, _ or -').waitFor();
    await page.getByText('Password must be at least 10 characters').waitFor();

    await page.getByLabel('First name (optional)').fill('Grace');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/verify-email');
    await toast('Registration successful').waitFor();
    await toast(`Welcome, ${username}!`).waitFor();
    await page.getByText(BANNER).waitFor();
    await screenshot(page, 'accounts-verify-email');

    const code = await mailedCode(email, mailsBefore);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast('Verification Failed').waitFor();

    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast('Email Verified').waitFor();
    await toast('Your email has been successfully verified.').waitFor();
    await page.getByRole('heading', { name: 'Your email is verified' }).waitFor();
    await expect.poll(() => page.getByText(BANNER).count()).toBe(0);
    // Still gone after a reload: the server knows the address is verified.
    await page.reload();
    await accountMenu().waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);
  });

  it('signs out, then signs in again and returns to the page the guard came from', async () => {
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await toast('Logged out').waitFor();
    await page.getByRole('link', { name: 'Log in' }).waitFor();

    await page.goto(`${baseUrl()}/profile`);
    await page.waitForURL((u) => u.pathname === '/auth');
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast('Login failed').waitFor();
    await toast('Invalid username or password').waitFor();

    await page.getByLabel('Username or email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast('Login successful').waitFor();
    await toast(`Welcome back, ${username}!`).waitFor();
    await page.waitForURL((u) => u.pathname === '/profile');
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
  });

  it('edits the name on /profile, and the avatar initials follow', async () => {
    expect(await accountMenu().innerText()).toBe(username.slice(0, 2).toUpperCase());
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Save name' }).click();
    await toast('Profile updated').waitFor();
    await expect.poll(() => accountMenu().innerText()).toBe('GH');
    await page.reload();
    await expect.poll(() => page.getByLabel('Last name').inputValue()).toBe('Hopper');
    await screenshot(page, 'accounts-profile');
  });

  it('a non-admin at /admin sees Access Denied, and no Admin Dashboard link', async () => {
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page
      .getByText('You do not have permission to access this page. Admin privileges are required.')
      .waitFor();
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('an admin (granted with the CLI) sees the Admin Dashboard link after a reload', async () => {
    await grantAdmin(email);
    // The back office at /admin has its own layout; the site's header (and its account menu) is on every other page.
    await page.goto(`${baseUrl()}/`);
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(0);
    await screenshot(page, 'accounts-admin');
    // Only expected failures reached the console: the wrong password, code and the signed-out user fetch.
    expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
  });
});
