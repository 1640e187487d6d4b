import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { freePort } from './server';

export const LH_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LhCategory = (typeof LH_CATEGORIES)[number];

export interface LighthouseRun {
  url: string;
  scores: Record<LhCategory, number | null>;
  metrics: Record<string, number | null>;
  /** Audits below 0.9 that count toward a category, worst first: what to fix. */
  failing: { id: string; score: number | null; title: string; displayValue?: string }[];
  /** The scripts the page loaded (Lighthouse's network records): what a first view costs in JavaScript. */
  scripts: { url: string; transferSize: number; resourceSize: number }[];
  /** What Lighthouse's errors-in-console audit saw (best practices). */
  consoleErrors: string[];
  /**
   * What measured: the browser (its user agent names the Chromium version), Lighthouse's version and its
   * benchmarkIndex of the host (its CPU speed as Lighthouse sees it). The same code scores differently under
   * another Chromium or on a slower host, so every report says which.
   */
  environment: { browser: string; lighthouse: string; benchmarkIndex: number | null };
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
  'bootup-time',
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Chrome {
  port: number;
  /** What its /json/version says, e.g. "HeadlessChrome/156.0.8078.108" (the user agent hides the minor version). */
  version: string;
  close(): Promise<void>;
}

/** A headless Chromium with a remote debugging port (no chrome-launcher), for one or many Lighthouse runs. */
export async function openChrome(): Promise<Chrome> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-lh-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const close = async () => {
    if (chrome.exitCode === null) chrome.kill('SIGTERM');
    await new Promise((r) => (chrome.exitCode !== null ? r(undefined) : chrome.once('exit', r)));
    // Chromium's helpers may still write into the profile for a moment after it exits.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // a temporary directory left behind is not worth a lost measurement
    }
  };
  let version = 'unknown';
  for (let i = 0; ; i++) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (answer.ok) {
        version = ((await answer.json()) as { Browser?: string }).Browser ?? version;
        break;
      }
    } catch {
      // not up yet
    }
    if (chrome.exitCode !== null || i > 100) {
      await close();
      throw new Error('chromium did not open its debugging port');
    }
    await sleep(100);
  }
  return { port, version, close };
}

/**
 * Lighthouse through its Node API with its mobile defaults (simulated slow 4G and 4x CPU slowdown). On
 * `chrome` when given (a new tab per run; Lighthouse resets the origin's storage and cache first), else on a
 * Chromium of its own.
 */
export async function runLighthouse(url: string, chrome?: Chrome): Promise<LighthouseRun> {
  const own = chrome ? null : await openChrome();
  const { port, version } = chrome ?? own!;
  try {
    const result = await lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...LH_CATEGORIES],
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      LH_CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null]),
    ) as LighthouseRun['scores'];
    const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? null]));
    const counted = new Set(
      LH_CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id),
      ),
    );
    const failing = Object.values(lhr.audits)
      .filter((a) => counted.has(a.id) && a.score !== null && a.score < 0.9)
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((a) => ({ id: a.id, score: a.score, title: a.title, displayValue: a.displayValue }));
    const requests = (lhr.audits['network-requests']?.details ?? { items: [] }) as {
      items?: { url?: string; resourceType?: string; transferSize?: number; resourceSize?: number }[];
    };
    const scripts = (requests.items ?? [])
      .filter((r) => r.resourceType === 'Script' && typeof r.url === 'string')
      .map((r) => ({ url: r.url!, transferSize: r.transferSize ?? 0, resourceSize: r.resourceSize ?? 0 }));
    const logged = (lhr.audits['errors-in-console']?.details ?? { items: [] }) as {
      items?: { source?: string; description?: string; sourceLocation?: { url?: string } }[];
    };
    const consoleErrors = (logged.items ?? []).map((e) =>
      `${e.source ?? ''}: ${e.description ?? ''} ${e.sourceLocation?.url ?? ''}`.trim(),
    );
    const environment = {
      browser: version,
      lighthouse: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    };
    return { url, scores, metrics, failing, scripts, consoleErrors, environment };
  } finally {
    await own?.close();
  }
}
