import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, ingest, launchBrowser, screenshot, watchConsole } from './support/browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const id = crypto.randomBytes(3).toString('hex');
const SCAM_TITLE = `Too Good To Be True Engineer ${id}`;
const FINE_TITLE = `Perfectly Fine Engineer ${id}`;
const OFFICE_TITLE = `Secretly Office Engineer ${id}`;

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

function item(externalId: string, title: string) {
  return {
    action: 'posted',
    externalId: `report-${id}-${externalId}`,
    title,
    company: `Reported ${id}`,
    location: 'Remote - Worldwide',
    workplace: 'remote',
    employmentType: 'Full-time',
    experienceLevel: 'Senior',
    descriptionHtml:
      '<p>Earn a fortune from home with no experience needed, just send us your bank details.</p>',
    applicationUrl: 'https://reported.example/apply',
  };
}

describe('a visitor reports a job; an admin handles the report', () => {
  let browser: Browser;
  let visitor: BrowserContext;
  let adminContext: BrowserContext;
  let page: Page;
  let errors: string[];
  const jobs: Record<'scam' | 'fine' | 'office', { id: number; slug: string }> = {
    scam: { id: 0, slug: '' },
    fine: { id: 0, slug: '' },
    office: { id: 0, slug: '' },
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const posted = await ingest([
      item('scam', SCAM_TITLE),
      item('fine', FINE_TITLE),
      item('office', OFFICE_TITLE),
    ]);
    jobs.scam = { id: posted.results[0]!.id!, slug: posted.results[0]!.slug! };
    jobs.fine = { id: posted.results[1]!.id!, slug: posted.results[1]!.slug! };
    jobs.office = { id: posted.results[2]!.id!, slug: posted.results[2]!.slug! };
    visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await visitor.newPage();
    errors = watchConsole(page);

    adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const email = `reports_admin_${id}@example.com`;
    const res = await adminContext.request.post(`${baseUrl()}/api/register`, {
      data: { username: `reports_admin_${id}`, email, password: 'a very long passphrase 42' },
      headers: { Origin: baseUrl(), 'X-Forwarded-For': `10.70.${Math.floor(Math.random() * 250)}.1` },
    });
    expect(res.status(), await res.text()).toBe(201);
    await setRole(email, 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports a job from its page without signing in', async () => {
    await page.goto(`${baseUrl()}/jobs/${jobs.scam.slug}`);
    await page.getByRole('heading', { name: SCAM_TITLE, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Report this job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this job' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await dialog.getByText('Please choose a reason.').waitFor();
    await dialog.getByLabel('Scam or spam').check();
    await dialog.getByLabel('Details (optional)').fill('Asks for bank details before any interview.');
    await screenshot(page, 'report-dialog');
    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Report sent', { exact: true }).waitFor();
    await page.getByText("Thanks. We'll review this job.", { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A second job, reported through the same API the dialog uses.
    const other = await visitor.request.post(`${baseUrl()}/api/jobs/${jobs.fine.id}/reports`, {
      data: { reason: 'other', note: 'Looks fine actually' },
      headers: { Origin: baseUrl() },
    });
    expect(other.status(), await other.text()).toBe(201);
  });

  it('the admin sees both in the queue, removes the scam (410 with the reason) and dismisses the other', async () => {
    const admin = await adminContext.newPage();
    const adminErrors = watchConsole(admin);
    await admin.goto(`${baseUrl()}/admin/reports`);
    const scamRow = admin.getByRole('row').filter({ hasText: SCAM_TITLE });
    await scamRow.waitFor();
    await scamRow.getByText('Scam or spam').waitFor();
    await scamRow.getByText('Asks for bank details before any interview.').waitFor();
    await admin.getByRole('row').filter({ hasText: FINE_TITLE }).waitFor();
    await screenshot(admin, 'admin-reports-queue');

    await scamRow.getByText(SCAM_TITLE).click();
    await admin.waitForURL(/\/admin\/reports\/[0-9a-f-]+\/show$/);
    await admin.getByRole('button', { name: 'Remove job' }).click();
    await admin.getByRole('textbox', { name: 'Reason' }).fill('Scam reported by visitors');
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove job' }).click();
    await admin.getByText('Job removed').waitFor();
    await admin.getByText('Scam reported by visitors').first().waitFor();
    await screenshot(admin, 'admin-report-show');

    const api = await fetch(`${baseUrl()}/api/jobs/${jobs.scam.id}`);
    expect(api.status).toBe(410);
    expect(((await api.json()) as { reason: string }).reason).toBe('Scam reported by visitors');

    await admin.goto(`${baseUrl()}/admin/reports`);
    const fineRow = admin.getByRole('row').filter({ hasText: FINE_TITLE });
    await fineRow.waitFor();
    expect(await admin.getByRole('row').filter({ hasText: SCAM_TITLE }).count()).toBe(0);
    await fineRow.getByText(FINE_TITLE).click();
    await admin.getByRole('button', { name: 'Dismiss' }).click();
    await admin.getByText('Reports dismissed').waitFor();
    await admin.getByRole('cell', { name: 'Dismissed' }).waitFor();

    // Handled reports leave the open queue.
    const open = await adminContext.request.get(
      `${baseUrl()}/api/admin/reports?filter=${encodeURIComponent(JSON.stringify({ status: 'open' }))}`,
    );
    const titles = ((await open.json()) as { title: string }[]).map((r) => r.title);
    expect(titles).not.toContain(SCAM_TITLE);
    expect(titles).not.toContain(FINE_TITLE);

    const fine = await fetch(`${baseUrl()}/api/jobs/${jobs.fine.id}`);
    expect(fine.status).toBe(200);
    expect(adminErrors).toEqual([]);
  });

  it("the admin corrects a 'not really remote' job to on-site; the public API shows it", async () => {
    const report = await visitor.request.post(`${baseUrl()}/api/jobs/${jobs.office.slug}/reports`, {
      data: { reason: 'not-remote', note: 'The interview said five days in the office' },
      headers: { Origin: baseUrl() },
    });
    expect(report.status(), await report.text()).toBe(201);
    const admin = await adminContext.newPage();
    await admin.goto(`${baseUrl()}/admin/reports`);
    const row = admin.getByRole('row').filter({ hasText: OFFICE_TITLE });
    await row.getByText('Not really remote').waitFor();
    await row.getByText(OFFICE_TITLE).click();
    await admin.getByRole('button', { name: 'Correct workplace' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Correct the workplace' });
    await dialog.getByLabel('On-site').check();
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await admin.getByText('Job corrected').waitFor();
    await admin.getByRole('cell', { name: 'Corrected', exact: true }).waitFor();

    const api = await fetch(`${baseUrl()}/api/jobs/${jobs.office.id}`);
    expect(((await api.json()) as { isRemote: boolean }).isRemote).toBe(false);
    await admin.close();
  });

  it('logged no console errors on the public page', () => {
    // Less Chromium's network line for GET /api/user's 401: the spec's answer for "no user".
    expect(errors.filter((e) => !/status of 401 \(Unauthorized\)/.test(e))).toEqual([]);
  });
});
