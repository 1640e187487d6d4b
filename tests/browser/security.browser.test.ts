/**
 * The Content-Security-Policy in a real browser: the built site, the back office (react-admin), the API
 * reference (Scalar) and the embed run without a single CSP violation, and an injected inline script is
 * refused. Violations are caught twice: the `securitypolicyviolation` event and the console's report.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, ingest, launchBrowser } from './support/browser';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const id = crypto.randomBytes(3).toString('hex');

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every violation the page sees, from the first script on (init scripts are not subject to CSP). */
const RECORD_VIOLATIONS = () => {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations!.push(
      `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
    );
  });
};

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

describe('Content-Security-Policy in the browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let slug: string;
  const consoleCsp: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const posted = await ingest([
      {
        action: 'posted',
        externalId: `csp-${id}`,
        title: `Policy Engineer ${id}`,
        company: `Nonce Works ${id}`,
        location: 'Remote - Worldwide',
        workplace: 'remote',
        employmentType: 'Full-time',
        descriptionHtml: '<p>Write policies that browsers enforce, and keep the site working under them.</p>',
        applicationUrl: 'https://nonce-works.example/apply',
      },
    ]);
    slug = posted.results[0]!.slug!;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const email = `csp_${id}@example.com`;
    const res = await context.request.post(`${baseUrl()}/api/register`, {
      data: { username: `csp_${id}`, email, password: 'a very long passphrase 42' },
      headers: { Origin: baseUrl(), 'X-Forwarded-For': `10.62.${Math.floor(Math.random() * 250)}.1` },
    });
    expect(res.status(), await res.text()).toBe(201);
    await setRole(email, 'admin');
    await context.addInitScript(RECORD_VIOLATIONS);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(url: string, ready: (page: Page) => Promise<unknown>): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleCsp.push(`${url}: ${m.text()}`);
    });
    const res = await page.goto(`${baseUrl()}${url}`);
    expect(res?.status(), url).toBe(200);
    expect(res?.headers()['content-security-policy'], url).toBeTruthy();
    await ready(page);
    await page.waitForLoadState('networkidle');
    return page;
  }

  async function violations(page: Page): Promise<string[]> {
    return page.evaluate(() => window.__cspViolations ?? ['the recorder did not run']);
  }

  it('home, a job page, /admin, /developers and /embed run without a violation', async () => {
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      ['/', (p) => p.getByRole('heading', { level: 1, name: 'Find Your Dream Remote Job' }).waitFor()],
      [`/jobs/${slug}`, (p) => p.getByRole('heading', { level: 1, name: `Policy Engineer ${id}` }).waitFor()],
      ['/admin', (p) => p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()],
      // Scalar renders the document's operations: its scripts, styles and fetch all ran.
      ['/developers', (p) => p.getByText('/api/jobs', { exact: false }).first().waitFor({ timeout: 30_000 })],
      ['/embed?limit=5', (p) => p.getByText(`Policy Engineer ${id}`).waitFor()],
    ];
    for (const [url, ready] of pages) {
      const page = await open(url, ready);
      expect(await violations(page), url).toEqual([]);
      await page.close();
    }
    expect(consoleCsp).toEqual([]);
  });

  it('the job page used the first-page data its nonce allowed (no API round trip for the job)', async () => {
    const page = await context.newPage();
    const jobCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/jobs/${slug}`) jobCalls.push(r.url());
    });
    await page.goto(`${baseUrl()}/jobs/${slug}`);
    await page.getByRole('heading', { level: 1, name: `Policy Engineer ${id}` }).waitFor();
    expect(
      await page.evaluate(() => typeof (window as { __INITIAL_STATE__?: unknown }).__INITIAL_STATE__),
    ).toBe('object');
    expect(jobCalls).toEqual([]);
    await page.close();
  });

  it('an inline script without the nonce is refused and reported', async () => {
    const page = await open('/', (p) => p.getByRole('heading', { level: 1 }).first().waitFor());
    const ran = await page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.appendChild(s);
      await new Promise((r) => setTimeout(r, 100));
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations(page)).join('\n')).toMatch(/script-src/);
    await page.close();
  });
});
