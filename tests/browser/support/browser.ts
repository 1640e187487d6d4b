import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless. Its pages' `goto` and `reload` resolve once the site's page is ready to
 * use as well as loaded: a server-rendered page is painted before its JavaScript is even fetched (issue
 * 23), so a click right after `domcontentloaded` would land on HTML that React has not taken over yet.
 * They wait for `<html data-hydrated>` (set by the site's main.tsx) when the document is one of the
 * site's pages with JavaScript on; anything else (JSON, a JavaScript-off context) resolves as before.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) waitForHydrationOnNavigation(context);
    return context;
  };
  return browser;
}

function waitForHydrationOnNavigation(context: BrowserContext): void {
  context.on('page', (page) => {
    const ready = async () => {
      const site = await page
        .evaluate(() => !!document.querySelector('#root') && !!document.querySelector('script[nonce]'))
        .catch(() => false);
      if (site) await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await ready();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await ready();
      return response;
    };
  });
}

export const baseUrl = () => inject('baseUrl');
export const ingestToken = () => inject('ingestToken');

/** Collects console errors and failed page scripts so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Saves a screenshot under test-results/ (not committed) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve('test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** Posts jobs through the real ingestion API with the run's source token. */
export async function ingest(
  items: unknown[],
): Promise<{ results: { externalId: string; outcome: string; slug?: string; id?: number }[] }> {
  const res = await fetch(`${baseUrl()}/api/ingest/jobs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ingestToken()}` },
    body: JSON.stringify({ items }),
  });
  if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as {
    results: { externalId: string; outcome: string; slug?: string; id?: number }[];
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw RFC 5322 message as the SMTP server received it. */
  raw: string;
}

/** Waits until the run's SMTP server has received a mail to `to` (the newest such mail wins) matching `match`. */
export async function waitForMail(
  to: string,
  {
    match = () => true,
    timeoutMs = 15_000,
    after = 0,
  }: { match?: (mail: ReceivedMail) => boolean; timeoutMs?: number; after?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { messages } = (await (await fetch(inject('mailboxUrl'))).json()) as { messages: ReceivedMail[] };
    const found = messages
      .slice(after)
      .filter((m) => m.to.includes(to.toLowerCase()) && match(m))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** How many mails the SMTP server has received so far: pass it as `after` to wait only for newer ones. */
export async function mailCount(): Promise<number> {
  const { messages } = (await (await fetch(inject('mailboxUrl'))).json()) as { messages: ReceivedMail[] };
  return messages.length;
}
