/**
 * Issue 23's budgets as data, and the pure logic of `npm run budgets -- --check`: which rows a page's
 * measurements make, whether they pass, the table printed and the exit code. No I/O here (unit-tested in
 * tests/hardening/budgets-check.test.ts with fake measurements).
 */

/** One page's figures: the median of its Lighthouse runs (null when no run gave the figure). */
export interface PageMeasurement {
  /** 'home', 'search', 'job', 'company'. */
  page: string;
  url: string;
  runs: number;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** The first view's scripts (what Lighthouse saw loaded), each gzip -9 of its body, summed. */
  jsGzipBytes: number | null;
  /** What those scripts took on the wire (brotli as the server sends it, headers included). */
  jsTransferBytes: number | null;
  scripts: number;
}

export interface FeedMeasurement {
  url: string;
  /** Body bytes on the wire, as the server compressed them. */
  wireBytes: number;
  encoding: string;
  /** Decoded JSON bytes, and the jobs in the page. */
  rawBytes: number;
  jobs: number;
}

export interface BudgetRow {
  page: string;
  budget: string;
  limit: string;
  measured: string;
  pass: boolean;
}

type Direction = 'min' | 'max';
interface PageBudget {
  budget: string;
  key: keyof Pick<
    PageMeasurement,
    | 'performance'
    | 'fcpMs'
    | 'lcpMs'
    | 'tbtMs'
    | 'cls'
    | 'accessibility'
    | 'bestPractices'
    | 'seo'
    | 'jsGzipBytes'
  >;
  direction: Direction;
  limit: number;
  format: (n: number) => string;
}

const score = (n: number) => n.toFixed(2);
const ms = (n: number) => `${Math.round(n)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The table (Lighthouse 13, mobile defaults, simulated throttling), for every page measured. */
export const PAGE_BUDGETS: readonly PageBudget[] = [
  { budget: 'performance', key: 'performance', direction: 'min', limit: 0.95, format: score },
  { budget: 'FCP', key: 'fcpMs', direction: 'max', limit: 1000, format: seconds },
  { budget: 'LCP', key: 'lcpMs', direction: 'max', limit: 1500, format: seconds },
  { budget: 'TBT', key: 'tbtMs', direction: 'max', limit: 150, format: ms },
  { budget: 'CLS', key: 'cls', direction: 'max', limit: 0.02, format: (n) => n.toFixed(3) },
  { budget: 'accessibility', key: 'accessibility', direction: 'min', limit: 0.95, format: score },
  { budget: 'best practices', key: 'bestPractices', direction: 'min', limit: 0.95, format: score },
  { budget: 'SEO', key: 'seo', direction: 'min', limit: 0.95, format: score },
  { budget: 'JS gzip (first view)', key: 'jsGzipBytes', direction: 'max', limit: 100 * 1024, format: kb },
];

/** While typing, one feed page of 20 as the site asks for it, on the wire. */
export const FEED_LIMIT_BYTES = 5 * 1024;

/**
 * The rows for each page and the feed. A figure that could not be measured (null, NaN: every Lighthouse
 * run failed) fails its row: a budget nobody measured is not met.
 */
export function budgetRows(pages: readonly PageMeasurement[], feed: FeedMeasurement | null): BudgetRow[] {
  const rows: BudgetRow[] = [];
  for (const p of pages)
    for (const b of PAGE_BUDGETS) {
      const value = p[b.key];
      const measured = value !== null && Number.isFinite(value);
      const pass = measured && (b.direction === 'min' ? value >= b.limit : value <= b.limit);
      let text = measured ? b.format(value) : 'not measured';
      if (b.key === 'jsGzipBytes' && measured) {
        text += ` (${p.scripts} scripts`;
        text += p.jsTransferBytes !== null ? `, ${kb(p.jsTransferBytes)} transferred)` : ')';
      }
      rows.push({
        page: p.page,
        budget: b.key === 'jsGzipBytes' ? b.budget : `${b.budget} (median of ${p.runs})`,
        limit: `${b.direction === 'min' ? '≥' : '≤'} ${b.format(b.limit)}`,
        measured: text,
        pass,
      });
    }
  rows.push({
    page: 'search (typing)',
    budget: 'feed page of 20 on the wire (fields=card)',
    limit: `≤ ${kb(FEED_LIMIT_BYTES)}`,
    measured: feed
      ? `${kb(feed.wireBytes)} ${feed.encoding} (${feed.jobs} jobs, ${kb(feed.rawBytes)} JSON)`
      : 'not measured',
    pass: feed !== null && feed.jobs > 0 && feed.wireBytes <= FEED_LIMIT_BYTES,
  });
  return rows;
}

export function formatTable(rows: readonly BudgetRow[]): string {
  const head = ['page', 'budget', 'limit', 'measured', 'pass'];
  const cells = rows.map((r) => [r.page, r.budget, r.limit, r.measured, r.pass ? 'PASS' : 'FAIL']);
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(width[i]!)).join(' | ')} |`;
  return [line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** `--check`: 1 when any row fails, else 0. Without `--check` the report always exits 0. */
export function exitCode(rows: readonly BudgetRow[], check: boolean): number {
  return check && rows.some((r) => !r.pass) ? 1 : 0;
}

export function median(xs: readonly number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The median of the figures that were measured; null when none was. */
export function medianOrNull(xs: readonly (number | null | undefined)[]): number | null {
  const m = median(xs.filter((x): x is number => typeof x === 'number'));
  return Number.isNaN(m) ? null : m;
}
