import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseUrl,
  ingest,
  launchBrowser,
  mailCount,
  screenshot,
  waitForMail,
  watchConsole,
} from './support/browser';

const run = Date.now().toString(36);

/** The raw mail with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Console errors, less Chromium's network line for GET /api/user's 401 (the spec's "no user"). */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of 401 \(Unauthorized\)/.test(e));

describe('job alerts in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function open(path: string) {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = watchConsole(page);
    await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  }

  it('home: Receive Job Alerts opens the dialog prefilled from the search; success toasts, and it closes after ~1.5 s', async () => {
    await open('/?title=Rust%20Engineer&isRemote=true');
    await page.getByRole('button', { name: 'Receive Job Alerts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Job Alerts' });
    await dialog.waitFor();
    expect(
      await dialog.getByText('Get notifications when new jobs matching your criteria are posted.').count(),
    ).toBe(1);
    expect(await dialog.getByLabel('Job Title').inputValue()).toBe('Rust Engineer');
    expect(await dialog.getByLabel('Remote Only').isChecked()).toBe(true);
    const experience = dialog.getByLabel('Experience Level');
    expect(await experience.locator('option').allInnerTexts()).toEqual([
      'Any Level',
      'Entry Level',
      'Mid Level',
      'Senior Level',
    ]);
    expect(await dialog.getByLabel('Job Type').locator('option').allInnerTexts()).toEqual([
      'Any Type',
      'Full Time',
      'Part Time',
      'Contract',
      'Freelance',
    ]);
    expect(await dialog.getByLabel('Salary Range').locator('option').allInnerTexts()).toEqual([
      'Any Salary',
      '50k-80k',
      '80k-120k',
      '120k-150k',
      '150k+',
    ]);
    expect(await dialog.getByText('You can unsubscribe from alerts at any time.').count()).toBe(1);

    const email = `home-${run}@example.com`;
    const before = await mailCount();
    await dialog.getByLabel('Email').fill(email);
    await experience.selectOption('Senior');
    await dialog.getByLabel('Alert Frequency').selectOption('weekly');
    const clickedAt = Date.now();
    await dialog.getByRole('button', { name: 'Subscribe to Job Alerts' }).click();

    await page.getByText("You've successfully subscribed to job alerts.", { exact: true }).waitFor();
    expect(await page.getByText('Success!', { exact: true }).count()).toBe(1);
    // The form reset while the dialog is still open.
    expect(await dialog.getByLabel('Email').inputValue()).toBe('');
    await screenshot(page, 'alerts-dialog-success');
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    // 1500 ms after the success (which itself follows the click by one request).
    const closedAfter = Date.now() - clickedAt;
    expect(closedAfter).toBeGreaterThanOrEqual(1500);
    expect(closedAfter).toBeLessThan(4500);

    const mail = await waitForMail(email, { after: before });
    const text = decoded(mail.raw);
    expect(text).toMatch(/Subject: Confirm your job alert/);
    expect(text).toContain('Senior Rust Engineer jobs (remote)');
    expect(text).toMatch(/\/alerts\/confirm\/[0-9a-f]{32}\./);
    expect(realErrors(errors)).toEqual([]);
    await page.close();
  });

  it("home: the server's message shows in a destructive 'Something went wrong' toast", async () => {
    await open('/');
    await page.getByRole('button', { name: 'Get Job Alerts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Job Alerts' });
    // Passes the form's own e-mail check (an '@' and a dotted domain), fails the server's stricter one.
    await dialog.getByLabel('Email').fill('someone@bad_domain.com');
    await dialog.getByRole('button', { name: 'Subscribe to Job Alerts' }).click();
    await page.getByText('Something went wrong', { exact: true }).waitFor();
    expect(await page.getByText('Please enter a valid email address', { exact: true }).count()).toBe(1);
    // A failure keeps the dialog open.
    await page.waitForTimeout(1800);
    expect(await dialog.isVisible()).toBe(true);
    await page.close();
  });

  it('job page: the Get Similar Job Alerts card subscribes with the job as the criteria', async () => {
    const res = await ingest([
      {
        action: 'posted',
        externalId: `${run}-alert-job`,
        title: 'Kelp Farming Lead',
        company: `Seaweed ${run}`,
        location: 'Lisbon, Portugal',
        workplace: 'remote',
        employmentType: 'Contract',
        descriptionHtml:
          '<p>Grow kelp, sustainably, with a small and friendly team of marine biologists.</p>',
        applicationUrl: 'https://seaweed.example/apply',
      },
    ]);
    const slug = (res.results[0] as { slug?: string }).slug!;
    await open(`/jobs/${slug}`);
    await page.getByRole('heading', { name: 'Get Similar Job Alerts' }).waitFor();
    const card = page.getByRole('form', { name: 'Job alert' });
    const email = `job-${run}@example.com`;
    const before = await mailCount();
    await card.getByLabel('Email').fill(email);
    const button = card.getByRole('button', { name: 'Get Job Alerts' });
    await button.click();
    await page.getByText("You've successfully subscribed to job alerts.", { exact: true }).waitFor();
    expect(await card.getByLabel('Email').inputValue()).toBe('');
    await screenshot(page, 'alerts-job-page-compact');

    const mail = await waitForMail(email, { after: before });
    expect(decoded(mail.raw)).toContain('Contract Kelp Farming Lead jobs in Lisbon, Portugal');
    expect(realErrors(errors)).toEqual([]);
    await page.close();
  });
});
