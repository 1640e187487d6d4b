/**
 * `npm run budgets -- --check` (scripts/budgets/check.ts): the table becomes one row per page and
 * budget, a broken or unmeasured budget fails its row, and --check exits 1 only then.
 */
import { describe, expect, it } from 'vitest';
import {
  budgetRows,
  exitCode,
  FEED_LIMIT_BYTES,
  formatTable,
  median,
  medianOrNull,
  PAGE_BUDGETS,
  type FeedMeasurement,
  type PageMeasurement,
} from '../../scripts/budgets/check';

const good = (page: string): PageMeasurement => ({
  page,
  url: `http://x/${page}`,
  runs: 3,
  performance: 0.99,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  fcpMs: 800,
  lcpMs: 1200,
  tbtMs: 40,
  cls: 0.001,
  jsGzipBytes: 95 * 1024,
  jsTransferBytes: 90 * 1024,
  scripts: 7,
});
const feed: FeedMeasurement = {
  url: 'http://x/api/jobs?fields=card',
  wireBytes: 2100,
  encoding: 'br',
  rawBytes: 9000,
  jobs: 20,
};

describe('budget rows', () => {
  it('makes one row per page and budget plus the feed row, all passing within the limits', () => {
    const rows = budgetRows(['home', 'search', 'job', 'company'].map(good), feed);
    expect(rows).toHaveLength(4 * PAGE_BUDGETS.length + 1);
    expect(rows.every((r) => r.pass)).toBe(true);
    expect(exitCode(rows, true)).toBe(0);
    const lcp = rows.find((r) => r.page === 'job' && r.budget.startsWith('LCP'))!;
    expect(lcp).toMatchObject({ limit: '≤ 1.50 s', measured: '1.20 s', budget: 'LCP (median of 3)' });
    const js = rows.find((r) => r.page === 'home' && r.budget.startsWith('JS'))!;
    expect(js.limit).toBe('≤ 100.0 KB');
    expect(js.measured).toBe('95.0 KB (7 scripts, 90.0 KB transferred)');
  });

  it('fails a row over its limit (max) or under it (min), and --check then exits 1', () => {
    const job = { ...good('job'), jsGzipBytes: 118.5 * 1024, performance: 0.9, tbtMs: 151 };
    const rows = budgetRows([good('home'), job], feed);
    const failed = rows.filter((r) => !r.pass).map((r) => `${r.page} ${r.budget.split(' (')[0]}`);
    expect(failed).toEqual(['job performance', 'job TBT', 'job JS gzip']);
    expect(exitCode(rows, true)).toBe(1);
    expect(exitCode(rows, false)).toBe(0); // a report without --check
  });

  it('accepts figures exactly at the limit', () => {
    const edge = {
      ...good('home'),
      performance: 0.95,
      fcpMs: 1000,
      lcpMs: 1500,
      tbtMs: 150,
      cls: 0.02,
      jsGzipBytes: 100 * 1024,
    };
    const rows = budgetRows([edge], { ...feed, wireBytes: FEED_LIMIT_BYTES });
    expect(rows.filter((r) => !r.pass)).toEqual([]);
  });

  it('fails what was not measured: every Lighthouse run failed, no feed, an empty feed', () => {
    const none: PageMeasurement = {
      ...good('company'),
      runs: 0,
      performance: null,
      lcpMs: null,
      jsGzipBytes: null,
      jsTransferBytes: null,
    };
    const rows = budgetRows([none], null);
    const perf = rows.find((r) => r.budget.startsWith('performance'))!;
    expect(perf).toMatchObject({ pass: false, measured: 'not measured' });
    expect(rows.find((r) => r.budget.startsWith('JS'))!.pass).toBe(false);
    expect(rows.at(-1)).toMatchObject({ page: 'search (typing)', pass: false, measured: 'not measured' });
    expect(budgetRows([], { ...feed, jobs: 0 }).at(-1)!.pass).toBe(false);
    expect(budgetRows([], { ...feed, wireBytes: FEED_LIMIT_BYTES + 1 }).at(-1)!.pass).toBe(false);
  });

  it('prints page, budget, limit, measured and pass for every row', () => {
    const rows = budgetRows([{ ...good('search'), cls: 0.05 }], feed);
    const table = formatTable(rows).split('\n');
    expect(table[0]).toMatch(/^\| page\s+\| budget\s+\| limit\s+\| measured\s+\| pass\s+\|$/);
    expect(table).toHaveLength(rows.length + 2);
    expect(table.find((l) => l.includes('CLS'))).toMatch(/\| search .*\| ≤ 0\.020 .*\| 0\.050 .*\| FAIL \|/);
  });
});

describe('medians', () => {
  it('takes the middle of the measured figures only', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(medianOrNull([null, 5, undefined, 1, 3])).toBe(3);
    expect(medianOrNull([null, undefined])).toBeNull();
  });
});
