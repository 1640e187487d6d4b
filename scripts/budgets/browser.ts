import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface ConsoleLog {
  /** Errors that are real problems. */
  errors: string[];
  /** Chromium's network error line for the signed-out GET /api/user answering 401, as the spec wants. */
  expected401: string[];
}

/**
 * Console errors and uncaught page errors. When a fetch answers 4xx/5xx Chromium logs "Failed to load
 * resource: ... 401" itself (not our code): for GET /api/user signed out that is the spec's answer.
 */
export function watchConsole(page: Page, log: ConsoleLog): void {
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = m.location().url;
    const line = `${m.text()}${where ? ` (${where})` : ''}`;
    if (/status of 401/.test(m.text()) && /\/api\/user$/.test(new URL(where || 'http://x/').pathname))
      log.expected401.push(line);
    else log.errors.push(line);
  });
  page.on('pageerror', (e) => log.errors.push(`uncaught: ${e.message}`));
}

export interface LoadSample {
  lcpMs: number;
  cls: number;
  scripts: { path: string; rawBytes: number; gzipBytes: number; transferBytes: number; encoding: string }[];
  jsGzipBytes: number;
  jsTransferBytes: number;
  /** Whether a loaded script carries MUI or react-admin code (they belong to /admin only). */
  adminCode: boolean;
}

/** One cold load (fresh context, empty cache) of a route: scripts from the network, LCP and CLS. */
export async function measureLoad(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  consoleLog: ConsoleLog,
): Promise<LoadSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchConsole(page, consoleLog);
  const scripts: Promise<LoadSample['scripts'][number] | null>[] = [];
  let adminCode = false;
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        try {
          const body = await r.body(); // decoded
          const sizes = await r.request().sizes();
          if (/\bMuiButtonBase\b|\bRaLayout\b|react-admin/.test(body.toString('utf8'))) adminCode = true;
          return {
            path: new URL(r.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            transferBytes: sizes.responseBodySize,
            encoding: (await r.headerValue('content-encoding')) ?? 'identity',
          };
        } catch {
          return null;
        }
      })(),
    );
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __lcp: number };
    w.__cls = 0;
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) w.__lcp = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000); // late shifts count too
  const { cls, lcp } = await page.evaluate(() => {
    const w = window as unknown as { __cls: number; __lcp: number };
    return { cls: w.__cls, lcp: w.__lcp };
  });
  const loaded = (await Promise.all(scripts)).filter((s) => s !== null);
  await context.close();
  return {
    lcpMs: lcp,
    cls,
    scripts: loaded,
    jsGzipBytes: loaded.reduce((a, s) => a + s.gzipBytes, 0),
    jsTransferBytes: loaded.reduce((a, s) => a + s.transferBytes, 0),
    adminCode,
  };
}

export interface AxeResult {
  url: string;
  seriousOrCritical: { id: string; impact: string; help: string; nodes: string[] }[];
  otherViolations: string[];
}

export async function runAxe(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  consoleLog: ConsoleLog,
): Promise<AxeResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchConsole(page, consoleLog);
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  await context.close();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return {
    url,
    seriousOrCritical: bad.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
    otherViolations: violations.filter((v) => !bad.includes(v)).map((v) => `${v.id} (${v.impact})`),
  };
}

export interface KeyboardResult {
  url: string;
  controls: number;
  reached: number;
  unreached: string[];
}

/**
 * Tabs through a page and reports the visible, enabled controls present at load that Tab never focused.
 * Controls in a roving-tabindex group (tabindex=-1, e.g. inactive tabs) are reached with the arrow keys,
 * so they are not expected on the Tab path.
 */
export async function checkKeyboardReach(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  consoleLog: ConsoleLog,
  maxTabs = 250,
): Promise<KeyboardResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchConsole(page, consoleLog);
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const controls = await page.evaluate(() => {
    const selector =
      'a[href], button, input, select, textarea, summary, [tabindex], [role="button"], [role="link"], [role="combobox"], [role="checkbox"], [role="switch"], [role="tab"]';
    const all = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.closest('[inert], [aria-hidden="true"]')) return false;
      if ((el as HTMLButtonElement).disabled) return false;
      if (el.getAttribute('tabindex') === '-1') return false;
      if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      return el.getClientRects().length > 0;
    });
    all.forEach((el, i) => el.setAttribute('data-kb-id', String(i)));
    return all.length;
  });
  const reached = new Set<string>();
  let firstSeen: string | null = null;
  await page.locator('body').focus();
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      // A control inside a shadow root or a same-origin frame reports its host: good enough here.
      const el = document.activeElement as HTMLElement | null;
      return el?.closest('[data-kb-id]')?.getAttribute('data-kb-id') ?? el?.tagName ?? 'none';
    });
    if (id === firstSeen && reached.size > 1) break; // wrapped around
    firstSeen ??= id;
    reached.add(id);
    // Tabbing into the feed loads more pages: stop once every control of the first render was seen.
    if ([...Array(controls).keys()].every((k) => reached.has(String(k)))) break;
    // Tab may open a new page (it should not), or focus may escape to the browser chrome.
    if (!page.url().startsWith(url.split('?')[0]!)) break;
  }
  const unreached = await page.evaluate(
    (seen) =>
      [...document.querySelectorAll<HTMLElement>('[data-kb-id]')]
        .filter((el) => !seen.includes(el.getAttribute('data-kb-id')!))
        .map(
          (el) =>
            `<${el.tagName.toLowerCase()}> ${(el.getAttribute('aria-label') ?? el.innerText ?? '').trim().slice(0, 60)}`,
        ),
    [...reached],
  );
  await context.close();
  return { url, controls, reached: controls - unreached.length, unreached };
}
