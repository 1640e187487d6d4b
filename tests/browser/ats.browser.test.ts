/**
 * ATS sources from the back office: add a Greenhouse board (checked before saving), run it now,
 * and see its jobs live. The ATS is a local fixture server started here; the source's API base
 * URL points the real server at it.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  fixture,
  startFixtureAtsServer,
  type FixtureAtsServer,
} from '../../backend/src/features/ats/testing';
import { baseUrl, launchBrowser, screenshot, watchConsole } from './support/browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const id = crypto.randomBytes(3).toString('hex');
const COMPANY = `Acme Analytics ${id}`;

async function makeAdmin(email: string): Promise<void> {
  const serverEnv = JSON.parse(inject('serverEnv')) as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  for (const [key, value] of Object.entries(serverEnv)) if (value) env[key] = value;
  await run(process.execPath, ['--import', 'tsx', 'backend/src/cli/user-admin.ts', '--email', email], {
    cwd: root,
    env,
  });
}

describe('ATS sources in the back office', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let ats: FixtureAtsServer;

  beforeAll(async () => {
    ats = await startFixtureAtsServer({ boards: [`acme-${id}`] });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const email = `ats_${id}@example.com`;
    const res = await context.request.post(`${baseUrl()}/api/register`, {
      data: { username: `ats_${id}`, email, password: 'a very long passphrase 42' },
      headers: { Origin: baseUrl(), 'X-Forwarded-For': `10.70.${Math.floor(Math.random() * 250)}.1` },
    });
    expect(res.status(), await res.text()).toBe(201);
    await makeAdmin(email);
    page = await context.newPage();
    errors = watchConsole(page);
  });
  afterAll(async () => {
    await browser?.close();
    await ats?.close();
  });

  it('adds a source after checking its board, runs it now and shows its live jobs', async () => {
    await page.goto(`${baseUrl()}/admin/ats-sources`);
    await page.getByRole('link', { name: 'Add source' }).click();
    await page.waitForURL(/\/admin\/ats-sources\/create$/);

    await page.getByRole('combobox', { name: 'ATS' }).click();
    await page.getByRole('option', { name: 'Greenhouse' }).click();
    await page.getByRole('textbox', { name: 'Board token or slug' }).fill('no-such-board');
    await page.getByRole('textbox', { name: 'Company' }).fill(COMPANY);
    await page.getByRole('textbox', { name: 'API base URL (optional)' }).fill(ats.baseUrl);
    await page.getByRole('button', { name: 'Check board' }).click();
    await page
      .getByTestId('board-check')
      .getByText(/Board not found/)
      .waitFor();

    await page.getByRole('textbox', { name: 'Board token or slug' }).fill(`acme-${id}`);
    await page.getByRole('button', { name: 'Check board' }).click();
    await page
      .getByTestId('board-check')
      .getByText('Found 2 jobs at Acme Analytics: Data Engineer, Office Manager')
      .waitFor();
    await screenshot(page, 'admin-ats-source-create');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/ats-sources\/[0-9a-f-]+\/show$/);
    await page.getByText(COMPANY).first().waitFor();
    await page.getByText('No sync yet').waitFor();

    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('Synced: 2 on the board, 2 new, 0 updated, 0 reposted, 0 closed').waitFor();
    await page.getByText(/2 seen · 2 new/).waitFor();
    await screenshot(page, 'admin-ats-source-show');

    const jobs = await context.request.get(`${baseUrl()}/api/admin/jobs`, {
      params: { filter: JSON.stringify({ company: COMPANY, status: 'live' }) },
    });
    expect(jobs.headers()['content-range']).toMatch(/\/2$/);

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Source paused').waitFor();
    await page.getByRole('menuitem', { name: 'ATS sources' }).click();
    const row = page.getByRole('row', { name: new RegExp(COMPANY) });
    await row.getByText('Paused').waitFor();
    expect(await row.getByRole('cell', { name: '2', exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("names a posting the vendor sent malformed in the source's sync history; the rest syncs", async () => {
    const board = fixture('greenhouse') as { jobs: Record<string, unknown>[] };
    delete board.jobs[1]!.title;
    ats.set(`/v1/boards/acme-${id}/jobs`, { body: board });
    await page.getByRole('row', { name: new RegExp(COMPANY) }).click();
    await page.waitForURL(/\/admin\/ats-sources\/[0-9a-f-]+\/show$/);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Source resumed').waitFor();
    await page.getByRole('button', { name: 'Run now' }).click();
    await page
      .getByText(
        'Synced: 2 on the board, 0 new, 0 updated, 0 reposted, 0 closed, 1 rejected (see the sync history)',
      )
      .waitFor();
    await page
      .getByText(
        'Rejected · posting 4013: Malformed posting, title: Invalid input: expected string, received undefined',
      )
      .waitFor();
    await page.getByText(/2 seen · 0 new .* 1 rejected/).waitFor();
    await screenshot(page, 'admin-ats-sync-problems');
    ats.set(`/v1/boards/acme-${id}/jobs`, null);
    expect(errors).toEqual([]);
  });

  it('shows a source failing 3 syncs in a row as unhealthy with its last error and since when; a success heals it', async () => {
    const boardPath = `/v1/boards/acme-${id}/jobs`;
    ats.set(boardPath, { status: 503, body: { error: 'down for maintenance' } });
    const health = page.getByTestId('ats-source-health');
    for (let n = 1; n <= 3; n++) {
      await page.getByRole('button', { name: 'Run now' }).click();
      await health.getByText(new RegExp(`\\(${n} failed syncs? in a row\\)`)).waitFor({ timeout: 30_000 });
    }
    await health.getByText(/^Unhealthy since .+ \(3 failed syncs in a row\)$/).waitFor();
    await page
      .getByTestId('ats-source-health-error')
      .getByText(/^Last error: .*503/)
      .waitFor();
    await screenshot(page, 'admin-ats-source-unhealthy');

    await page.getByRole('menuitem', { name: 'ATS sources' }).click();
    const row = page.getByRole('row', { name: new RegExp(COMPANY) });
    await row.getByText(/^Unhealthy since/).waitFor();
    // Its jobs stay live.
    const jobs = await context.request.get(`${baseUrl()}/api/admin/jobs`, {
      params: { filter: JSON.stringify({ company: COMPANY, status: 'live' }) },
    });
    expect(jobs.headers()['content-range']).toMatch(/\/2$/);

    ats.set(boardPath, null);
    await row.click();
    await page.waitForURL(/\/admin\/ats-sources\/[0-9a-f-]+\/show$/);
    await page.getByRole('button', { name: 'Run now' }).click();
    await health.getByText('Healthy', { exact: true }).waitFor({ timeout: 30_000 });
    expect(errors.filter((e) => !/503|Sync failed/.test(e))).toEqual([]);
  }, 120_000);

  it('adds the starter companies from the list, once', async () => {
    await page.getByRole('menuitem', { name: 'ATS sources' }).click();
    await page.getByRole('button', { name: 'Add starter companies' }).click();
    await page
      .getByRole('dialog')
      .getByText(/real companies that hire remotely/)
      .waitFor();
    await screenshot(page, 'admin-ats-starter-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(/^Added \d{3} starter companies$/).waitFor({ timeout: 60_000 });
    await page.getByPlaceholder('Company or board').fill('GitLab');
    const gitlab = page.getByRole('row', { name: /GitLab/ });
    await gitlab.getByText('gitlab', { exact: true }).waitFor();
    // Never synced, and no bot runs with this server: not 'Healthy' (issue 24, 9).
    await gitlab
      .getByTestId('ats-source-health')
      .getByText('Not run yet: the sync bot is not running')
      .waitFor();
    expect(await gitlab.getByText('Healthy', { exact: true }).count()).toBe(0);
    await screenshot(page, 'admin-ats-starter-added');

    await page.getByRole('button', { name: 'Add starter companies' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add', exact: true }).click();
    await page
      .getByText(/^Added 0 starter companies \(\d{3} were already ATS sources\)$/)
      .waitFor({ timeout: 60_000 });
    expect(errors).toEqual([]);
  }, 120_000);
});
