import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, ingest, launchBrowser, screenshot, watchConsole } from './support/browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const id = crypto.randomBytes(3).toString('hex');
const JOB_TITLE = `Admin Target Engineer ${id}`;
const STALE = 'Someone else changed this first. Reload and try again.';

/** Sets a role with the real CLI on the run's database (serverEnv from the harness). */
async function setRole(email: string, role: 'admin' | 'user'): Promise<void> {
  const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  for (const [key, value] of Object.entries(serverEnv)) if (value) env[key] = value;
  await run(
    process.execPath,
    ['--import', 'tsx', 'backend/src/cli/user-admin.ts', '--email', email, '--role', role],
    {
      cwd: root,
      env,
    },
  );
}

/** Registers through the API from its own address (registration is limited per IP). */
async function register(context: BrowserContext, username: string, ip: string): Promise<string> {
  const email = `${username}@example.com`;
  const res = await context.request.post(`${baseUrl()}/api/register`, {
    data: { username, email, password: 'a very long passphrase 42' },
    headers: { Origin: baseUrl(), 'X-Forwarded-For': ip },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

describe('the back office as an admin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let publicId: number;
  let slug: string;
  const member = `member_${id}`;
  let memberEmail: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const posted = await ingest([
      {
        action: 'posted',
        externalId: `admin-${id}`,
        title: JOB_TITLE,
        company: `Backoffice ${id}`,
        location: 'Lisbon, Portugal',
        workplace: 'remote',
        employmentType: 'Full-time',
        experienceLevel: 'Senior',
        descriptionHtml:
          '<p>Keep the admin tools sharp and the job board clean for everyone who uses it.</p>',
        applicationUrl: 'https://backoffice.example/apply',
      },
    ]);
    publicId = posted.results[0]!.id!;
    slug = posted.results[0]!.slug!;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const adminEmail = await register(context, `admin_${id}`, `10.60.${Math.floor(Math.random() * 250)}.1`);
    await setRole(adminEmail, 'admin');
    // The member registers in a context of their own, so the admin's cookie stays the admin's.
    const other = await browser.newContext();
    memberEmail = await register(other, member, `10.61.${Math.floor(Math.random() * 250)}.1`);
    await other.close();
    page = await context.newPage();
    errors = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the dashboard with live figures and projection status', async () => {
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const live = await page.getByLabel('Live jobs').textContent();
    expect(Number(live?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
    await page
      .getByRole('table', { name: 'Projections' })
      .getByRole('cell', { name: 'jobs', exact: true })
      .waitFor();
    await screenshot(page, 'admin-dashboard');
  });

  it('finds a job, reads its history, removes it with a reason; the public page answers 410', async () => {
    await page.getByRole('menuitem', { name: 'Jobs' }).click();
    await page.getByPlaceholder('Title, company, id or slug').fill(JOB_TITLE);
    await page.getByRole('cell', { name: JOB_TITLE }).click();
    await page.waitForURL(/\/admin\/jobs\/[0-9a-f-]+\/show$/);
    const history = page.getByLabel('History');
    await history.getByText('JobPosted').waitFor();
    await history.getByText(/^Posted from /).waitFor();
    // The source by the name the dashboard shows (the run's source is 'browser-tests'), not its UUID.
    expect(await page.getByTestId('job-source-name').innerText()).toBe('browser-tests');
    await screenshot(page, 'admin-job-show');

    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    const confirm = page.getByRole('button', { name: 'Remove job' });
    expect(await confirm.isDisabled()).toBe(true); // no reason, no removal
    await page.getByRole('textbox', { name: 'Reason' }).fill('Scam posting');
    await confirm.click();
    await page.getByText('Job removed').waitFor();
    await history.getByText('JobRemoved').waitFor();
    await history.getByText('Removed: Scam posting').waitFor();
    expect(await history.getByText(/admin:/).count()).toBeGreaterThanOrEqual(1);

    const api = await fetch(`${baseUrl()}/api/jobs/${publicId}`);
    expect(api.status).toBe(410);
    expect(((await api.json()) as { reason: string }).reason).toBe('Scam posting');
    const publicPage = await context.newPage();
    const response = await publicPage.goto(`${baseUrl()}/jobs/${slug}`);
    expect(response?.status()).toBe(410);
    await publicPage.close();
  });

  it("changes a user's role; a change made elsewhere first is reported, not overwritten", async () => {
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByPlaceholder('Username, e-mail or name').fill(member);
    await page.getByRole('cell', { name: member, exact: true }).click();
    await page.getByRole('button', { name: 'Make admin' }).waitFor();

    // Someone promotes them from the command line while the page shows the old revision.
    await setRole(memberEmail, 'admin');
    await page.getByRole('button', { name: 'Make admin' }).click();
    await page.getByText(STALE).waitFor();

    // The page reloads the record: now it offers the way back, which works.
    await page.getByRole('button', { name: 'Make user' }).click();
    await page.getByText('Role changed to user').waitFor();
    await page.getByRole('button', { name: 'Make admin' }).waitFor();
    await screenshot(page, 'admin-user-show');
  });

  it('downloads exports and reads them back', async () => {
    await page.getByRole('menuitem', { name: 'Export' }).click();
    await page.getByRole('heading', { name: 'Export', level: 1 }).waitFor();
    const today = new Date().toISOString().slice(0, 10);

    const users = page.getByRole('region', { name: 'Users' });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      users.getByRole('link', { name: 'CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`users-${today}.csv`);
    const text = fs.readFileSync(await csv.path(), 'utf8');
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header).toBe('id,username,email,firstName,lastName,role,isVerified,registeredAt,verifiedAt');
    expect(rows.some((r) => r.includes(memberEmail))).toBe(true);
    expect(text).not.toMatch(/scrypt|password/i);

    const jobs = page.getByRole('region', { name: 'Jobs' });
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      jobs.getByRole('link', { name: 'JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe(`jobs-${today}.json`);
    const exported = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as {
      title: string;
      status: string;
    }[];
    expect(exported.find((j) => j.title === JOB_TITLE)?.status).toBe('removed');
    await screenshot(page, 'admin-export');
  });

  it('works on a phone: the menu opens as a drawer', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    await small.goto(`${baseUrl()}/admin/jobs`);
    await small
      .getByRole('button', { name: /open menu|toggle menu|menu/i })
      .first()
      .click();
    await small.getByRole('menuitem', { name: 'Analytics' }).click();
    await small.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await small.getByText('Jobs posted and removed per day').waitFor();
    await screenshot(small, 'admin-analytics-phone');
    await phone.close();
  });

  it('survives a deep link and a reload on every page, show pages included', async () => {
    const api = async (path: string) => {
      const res = await context.request.get(`${baseUrl()}/api/admin/${path}`);
      expect(res.status(), path).toBe(200);
      return (await res.json()) as { id: string }[];
    };
    const [job] = await api(`jobs?filter=${encodeURIComponent(JSON.stringify({ q: JOB_TITLE }))}`);
    const [user] = await api(`users?filter=${encodeURIComponent(JSON.stringify({ q: member }))}`);
    const pages: [string, (p: Page) => Promise<unknown>][] = [
      ['', (p) => p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()],
      ['/jobs', (p) => p.getByRole('cell', { name: JOB_TITLE }).first().waitFor()],
      [`/jobs/${job!.id}/show`, (p) => p.getByLabel('History').getByText('JobPosted').waitFor()],
      ['/users', (p) => p.getByRole('cell', { name: member, exact: true }).waitFor()],
      [`/users/${user!.id}/show`, (p) => p.getByText(member, { exact: true }).first().waitFor()],
      ['/ats-sources', (p) => p.getByRole('menuitem', { name: 'Jobs' }).waitFor()],
      ['/discovered-companies', (p) => p.getByRole('menuitem', { name: 'Jobs' }).waitFor()],
      ['/company-discovery', (p) => p.getByRole('menuitem', { name: 'Jobs' }).waitFor()],
      ['/analytics', (p) => p.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor()],
      ['/export', (p) => p.getByRole('heading', { name: 'Export', level: 1 }).waitFor()],
    ];
    const fresh = await context.newPage();
    const pageErrors = watchConsole(fresh);
    for (const [path, ready] of pages) {
      await fresh.goto(`${baseUrl()}/admin${path}`);
      await ready(fresh);
      await fresh.reload();
      await ready(fresh);
      expect(await fresh.getByText('Something went wrong').count(), path).toBe(0);
    }
    expect(pageErrors).toEqual([]);
    await fresh.close();
  });

  it('logged no console errors', () => {
    expect(errors.filter((e) => !/409|Conflict/i.test(e))).toEqual([]);
  });
});
