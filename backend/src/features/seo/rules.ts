/**
 * Our SEO rules for the two calls the site makes (spec section 7):
 *
 * should-noindex: a page is kept out of search engines when it
 * - shows no results (hasResults false), or
 * - is a listing (the feed '/' or a company page) with fewer than THIN_RESULTS results ('thin' content), or
 * - is a page past the first (page > 1), or
 * - combines more than MAX_INDEXED_FILTERS filters (endless near-duplicate combinations).
 *
 * canonical: the absolute URL (PUBLIC_URL + path) without tracking parameters (utm_*, gclid, fbclid,
 * ref...), empty and 'all' values and page=1; keyword values lower-cased (spec section 5); parameters
 * in alphabetical order; on the feed ('/') only the feed's own filter parameters are kept (sorting
 * does not change what is listed, so sortBy and sortOrder go too).
 */

export const THIN_RESULTS = 3;
export const MAX_INDEXED_FILTERS = 2;

/** The feed's filter parameters (spec section 2, Home: URL query parameters; section 3, feed state). */
export const FEED_FILTER_PARAMS = [
  'search',
  'title',
  'location',
  'experienceLevel',
  'type',
  'jobType',
  'salary',
  'duration',
  'industry',
  'isRemote',
] as const;

const FEED_PARAMS = new Set<string>([...FEED_FILTER_PARAMS, 'page']);
const KEYWORD_PARAMS = new Set([
  'title',
  'search',
  'location',
  'experienceLevel',
  'type',
  'jobType',
  'industry',
]);
const TRACKING =
  /^(utm_.*|gclid|gbraid|wbraid|dclid|fbclid|msclkid|mc_cid|mc_eid|yclid|igshid|_ga|_gl|ref|ref_src|source)$/i;

function isBlank(value: string): boolean {
  const v = value.trim().toLowerCase();
  return v === '' || v === 'all';
}

function isListing(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/companies/');
}

/** Filter parameters with a value, counted once each. */
function filterCount(params: URLSearchParams): number {
  return FEED_FILTER_PARAMS.filter((name) => params.getAll(name).some((v) => !isBlank(v))).length;
}

export function shouldNoIndex(input: { url: URL; hasResults: boolean; resultCount: number | null }): boolean {
  const { url, hasResults, resultCount } = input;
  if (!hasResults) return true;
  if (isListing(url.pathname) && resultCount !== null && resultCount < THIN_RESULTS) return true;
  const page = Number(url.searchParams.get('page') ?? '1');
  if (Number.isFinite(page) && page > 1) return true;
  return filterCount(url.searchParams) > MAX_INDEXED_FILTERS;
}

/** '/jobs/x/' → '/jobs/x'; repeated slashes collapse; the root stays '/'. */
export function normalisePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : '/';
}

export function canonicalUrl(publicUrl: string, pathname: string, search: string): string {
  const path = normalisePath(pathname);
  const input = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const kept: [string, string][] = [];
  const seen = new Set<string>();
  for (const [name, raw] of input) {
    if (seen.has(name)) continue; // the first value of a repeated parameter
    seen.add(name);
    if (TRACKING.test(name) || isBlank(raw)) continue;
    if (path === '/' && !FEED_PARAMS.has(name)) continue;
    if (name === 'page' && raw.trim() === '1') continue;
    const value = raw.trim().replace(/\s+/g, ' ');
    kept.push([name, KEYWORD_PARAMS.has(name) ? value.toLowerCase() : value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return `${publicUrl}${path}${query ? `?${query}` : ''}`;
}
