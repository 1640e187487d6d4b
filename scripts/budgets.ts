import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { jobsUrl } from '../frontend/site/src/features/jobs-feed/api/get-jobs';
import { apiQuery, stateFromSearch } from '../frontend/site/src/features/jobs-feed/filters';
import {
  checkKeyboardReach,
  launchBrowser,
  runAxe,
  type AxeResult,
  type ConsoleLog,
  type KeyboardResult,
} from './budgets/browser';
import {
  budgetRows,
  exitCode,
  formatTable,
  kb,
  medianOrNull,
  type BudgetRow,
  type FeedMeasurement,
  type PageMeasurement,
} from './budgets/check';
import { openChrome, runLighthouse, type Chrome, type LighthouseRun } from './budgets/lighthouse';
import { startServer } from './budgets/server';

/**
 * `npm run budgets [-- --check]` (after `npm run build`): issue 23's budgets on four pages (home, a search
 * URL, a job page, a company page), measured on the real server: Lighthouse 13 with its mobile defaults
 * (simulated slow 4G, 4x CPU slowdown), the median of BUDGET_LH_RUNS runs per page, for performance, FCP,
 * LCP, TBT, CLS, accessibility, best practices and SEO; the JavaScript of each page's first view (the
 * scripts Lighthouse saw loaded, gzip -9 each); and the feed's answer while typing (a `fields=card` page
 * of 20 as the site asks for it, on the wire as the server compresses it). Prints one row per budget and
 * writes test-results/budgets.json. With --check it exits 1 when any budget breaks (CI: .ci/budgets.sh).
 *
 * BUDGET_JOBS       jobs the server seeds in-process on its first start (default 100000; 2000 takes seconds)
 * BUDGET_DATA_DIR   reuse (and keep) this data directory: a seeded one is not seeded again
 * BUDGET_URL        measure a server that is already running instead of starting one
 * BUDGET_LH_RUNS    Lighthouse runs per page (default 3, median per figure)
 * BUDGET_SEARCH     the search URL's query (default `title=engineer&isRemote=true`)
 * BUDGET_A11Y=1     also axe (serious/critical) and Tab reach on the four pages (a report; slower)
 */
const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
const jobs = Number(process.env.BUDGET_JOBS ?? 100_000);
const lhRuns = Math.max(1, Number(process.env.BUDGET_LH_RUNS ?? 3));
const searchQuery = process.env.BUDGET_SEARCH ?? 'title=engineer&isRemote=true';
const a11y = process.env.BUDGET_A11Y === '1';
const log = (line: string) => console.error(`… ${line}`);

/** The body of a GET as it comes over the wire (not decoded), with the browser's Accept-Encoding. */
function getOnWire(url: string): Promise<{ status: number; wire: number; encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            wire: body.length,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            body,
          });
        });
      })
      .on('error', reject);
  });
}

/** The feed page the site asks for while someone types the search URL's query (the first page of 20). */
async function measureFeed(baseUrl: string): Promise<FeedMeasurement> {
  const url = `${baseUrl}${jobsUrl(apiQuery(stateFromSearch(searchQuery)), 1)}`;
  const onWire = await getOnWire(url);
  if (onWire.status !== 200) throw new Error(`GET ${url}: HTTP ${onWire.status}`);
  const decoded = await (await fetch(url)).text();
  const page = JSON.parse(decoded) as { data: unknown[] };
  return {
    url,
    wireBytes: onWire.wire,
    encoding: onWire.encoding,
    rawBytes: Buffer.byteLength(decoded),
    jobs: page.data.length,
  };
}

/** gzip -9 of each script's body: what "JS gzip" means in the issue's table, whatever the server sends. */
async function scriptsGzip(run: LighthouseRun): Promise<{ gzip: number; admin: boolean }> {
  let gzip = 0;
  let admin = false;
  for (const s of run.scripts) {
    const res = await fetch(s.url);
    const body = Buffer.from(await res.arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
    if (/\bMuiButtonBase\b|\bRaLayout\b|react-admin/.test(body.toString('utf8'))) admin = true;
  }
  return { gzip, admin };
}

async function measurePage(
  chrome: Chrome,
  name: string,
  url: string,
): Promise<{ m: PageMeasurement; runs: LighthouseRun[]; admin: boolean }> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < lhRuns; i++) {
    log(`lighthouse ${name} ${i + 1}/${lhRuns}`);
    try {
      runs.push(await runLighthouse(url, chrome));
    } catch (err) {
      log(`lighthouse ${name} failed: ${(err as Error).message}`);
    }
  }
  const metric = (id: string) => medianOrNull(runs.map((r) => r.metrics[id]));
  const scoreOf = (c: keyof LighthouseRun['scores']) => medianOrNull(runs.map((r) => r.scores[c]));
  // The scripts of the run with the median performance (the same chunks load every run).
  const byPerf = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const mid = byPerf[Math.floor(byPerf.length / 2)];
  const js = mid ? await scriptsGzip(mid) : null;
  return {
    runs,
    admin: js?.admin ?? false,
    m: {
      page: name,
      url,
      runs: runs.length,
      performance: scoreOf('performance'),
      accessibility: scoreOf('accessibility'),
      bestPractices: scoreOf('best-practices'),
      seo: scoreOf('seo'),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      jsGzipBytes: js?.gzip ?? null,
      jsTransferBytes: mid ? mid.scripts.reduce((a, s) => a + s.transferSize, 0) : null,
      scripts: mid?.scripts.length ?? 0,
    },
  };
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!fs.existsSync(path.join(root, 'frontend/site/dist/index.html')))
    throw new Error('Build the site first: npm run build');
  const server = process.env.BUDGET_URL
    ? { baseUrl: process.env.BUDGET_URL.replace(/\/+$/, ''), stop: async () => undefined }
    : await startServer({ root, jobs, dataDir: process.env.BUDGET_DATA_DIR, log });
  const { baseUrl } = server;
  try {
    const liveJobs = ((await (await fetch(`${baseUrl}/api/jobs/count`)).json()) as { total: number }).total;
    const first = (await (await fetch(`${baseUrl}/api/jobs?fields=card`)).json()) as {
      data: { id: number; slug?: string; company: string }[];
    };
    const job = first.data[0];
    if (!job) throw new Error('the feed is empty');
    const pages: Record<string, string> = {
      home: `${baseUrl}/`,
      search: `${baseUrl}/?${searchQuery}`,
      job: `${baseUrl}/jobs/${encodeURIComponent(job.slug ?? String(job.id))}`,
      // The company page at its canonical URL (the slug: what search engines and shared links open). The
      // name URL the cards link to answers a 301 to it, a round trip Lighthouse would charge to the page.
      company: (await fetch(`${baseUrl}/companies/${encodeURIComponent(job.company)}`)).url,
    };

    const measured: PageMeasurement[] = [];
    const lighthouse: Record<string, LighthouseRun[]> = {};
    const adminCode: string[] = [];
    // One Chromium for every run (a new tab each; Lighthouse clears the origin's cache and storage first).
    const chrome = await openChrome();
    try {
      for (const [name, url] of Object.entries(pages)) {
        const { m, runs, admin } = await measurePage(chrome, name, url);
        measured.push(m);
        lighthouse[name] = runs;
        if (admin) adminCode.push(name);
      }
    } finally {
      await chrome.close();
    }
    log('feed while typing');
    const feed = await measureFeed(baseUrl).catch((err: Error) => {
      log(`feed: ${err.message}`);
      return null;
    });

    const rows: BudgetRow[] = budgetRows(measured, feed);
    rows.push({
      page: 'all',
      budget: 'no MUI / react-admin code in a first view',
      limit: 'none',
      measured: adminCode.length ? `found on ${adminCode.join(', ')}` : 'none',
      pass: adminCode.length === 0,
    });

    const axe: AxeResult[] = [];
    const keyboard: KeyboardResult[] = [];
    const consoleLog: ConsoleLog = { errors: [], expected401: [] };
    if (a11y) {
      log('axe and Tab reach on the four pages');
      const ready = (page: Page) => page.locator('h1').first().waitFor({ timeout: 30_000 });
      const browser = await launchBrowser();
      try {
        for (const url of Object.values(pages)) {
          axe.push(await runAxe(browser, url, ready, consoleLog));
          keyboard.push(await checkKeyboardReach(browser, url, ready, consoleLog));
        }
      } finally {
        await browser.close();
      }
      for (const a of axe)
        rows.push({
          page: new URL(a.url).pathname.slice(0, 40),
          budget: 'axe serious/critical',
          limit: '0',
          measured: `${a.seriousOrCritical.length}${a.seriousOrCritical.length ? ` (${a.seriousOrCritical.map((v) => v.id).join(', ')})` : ''}`,
          pass: a.seriousOrCritical.length === 0,
        });
      for (const k of keyboard)
        rows.push({
          page: new URL(k.url).pathname.slice(0, 40),
          budget: 'Tab reaches every control',
          limit: 'all',
          measured: `${k.reached} / ${k.controls}`,
          pass: k.unreached.length === 0,
        });
    }

    console.log(formatTable(rows));
    for (const [name, runs] of Object.entries(lighthouse)) {
      const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const mid = sorted[Math.floor(sorted.length / 2)];
      if (!mid) continue;
      const perf = runs.map((r) => r.scores.performance?.toFixed(2) ?? '-').join(', ');
      const tbt = runs.map((r) => Math.round(r.metrics['total-blocking-time'] ?? 0)).join(', ');
      console.log(`lighthouse ${name}: performance [${perf}], TBT ms [${tbt}]`);
      for (const f of mid.failing)
        console.log(
          `  ${f.score?.toFixed(2)} ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}`,
        );
      for (const e of mid.consoleErrors) console.log(`  console: ${e}`);
    }
    for (const e of consoleLog.errors) console.log(`console error: ${e}`);

    const load = os.loadavg();
    const envs = Object.values(lighthouse)
      .flat()
      .map((r) => r.environment);
    const indexes = envs.map((e) => e.benchmarkIndex).filter((i): i is number => i !== null);
    const environment = {
      browser: [...new Set(envs.map((e) => e.browser))].join(', ') || 'unknown',
      lighthouse: [...new Set(envs.map((e) => e.lighthouse))].join(', ') || 'unknown',
      benchmarkIndex: indexes.length ? { min: Math.min(...indexes), max: Math.max(...indexes) } : null,
    };
    const out = path.join(root, 'test-results/budgets.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          baseUrl,
          liveJobs,
          machine: { cpus: os.cpus().length, loadAverage: load },
          environment,
          seconds: (Date.now() - started) / 1000,
          pages,
          budgets: rows,
          measured,
          feed,
          lighthouse,
          axe,
          keyboard,
          console: consoleLog,
        },
        null,
        2,
      ),
    );
    const failed = rows.filter((r) => !r.pass);
    console.log(
      `\n${liveJobs.toLocaleString('en')} live jobs; ${failed.length} of ${rows.length} budgets broken; ` +
        `load average ${load.map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores; ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s; details in ${path.relative(root, out)}` +
        (feed ? `; feed ${kb(feed.wireBytes)} on the wire` : ''),
    );
    console.log(
      `measured with ${environment.browser}, Lighthouse ${environment.lighthouse}, benchmarkIndex ` +
        (environment.benchmarkIndex
          ? `${Math.round(environment.benchmarkIndex.min)}-${Math.round(environment.benchmarkIndex.max)}`
          : 'unknown') +
        ' (compare runs only under the same Chromium and a similar index)',
    );
    return exitCode(rows, check);
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(check ? 2 : 1);
  },
);
