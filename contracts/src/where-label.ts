/**
 * The short text a card and a job page show for where a remote job may be done from: 'Remote · US only',
 * 'Remote · Worldwide', 'Remote · EMEA', 'Remote · US or Canada', 'Remote · UTC−3 to UTC+3'. Kept apart from
 * where.ts so the site's bundle takes no region or time-zone tables.
 */
import type { Eligibility, Region } from './where';
import { formatUtcOffset } from './where-format';

/** Names people use on job boards, shorter than the ISO names. */
const SHORT_NAMES: Record<string, string> = { US: 'US', GB: 'UK', AE: 'UAE' };
const MAX_PLACES = 3;

let displayNames: Intl.DisplayNames | null = null;
/** Names already known: looked up before, or sent by the server with the page (rememberCountryNames). */
const known = new Map<string, string>();
let pageNamesRead = false;

/** In a browser, the names the server sent with the page (window.__INITIAL_STATE__.countryNames), once. */
function readPageNames(): void {
  pageNamesRead = true;
  const state = (globalThis as { __INITIAL_STATE__?: { countryNames?: unknown } }).__INITIAL_STATE__;
  rememberCountryNames(state?.countryNames);
}

/** The English name of an ISO 3166-1 alpha-2 code ('DE' → 'Germany'), or the code when it has none. */
export function countryLabel(code: string): string {
  const upper = code.toUpperCase();
  if (SHORT_NAMES[upper]) return SHORT_NAMES[upper];
  if (!pageNamesRead) readPageNames();
  const remembered = known.get(upper);
  if (remembered) return remembered;
  let name = upper;
  try {
    // A browser builds this from its ICU data on first use: 60-100 ms of main thread on a slow machine,
    // which is why a server-rendered page brings the names it shows (countryNames below).
    displayNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    name = displayNames.of(upper) ?? upper;
  } catch {
    // an engine without DisplayNames or a code it refuses: the code itself
  }
  known.set(upper, name);
  return name;
}

/**
 * The names of every country code named by an eligibility anywhere in `data` (the state a page was
 * rendered with), for the browser to remember before it hydrates: the same text, without Intl.
 */
export function countryNames(data: unknown): Record<string, string> {
  const names: Record<string, string> = {};
  const visit = (value: unknown, depth: number): void => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record.worldwide === 'boolean' && Array.isArray(record.countries)) {
      for (const code of record.countries)
        if (typeof code === 'string' && /^[A-Za-z]{2}$/.test(code)) {
          const upper = code.toUpperCase();
          if (!SHORT_NAMES[upper]) names[upper] = countryLabel(upper);
        }
    }
    for (const key in record) visit(record[key], depth + 1);
  };
  visit(data, 0);
  return names;
}

/** Takes the names a page arrived with (countryNames on the server); anything else is ignored. */
export function rememberCountryNames(names: unknown): void {
  if (names === null || typeof names !== 'object') return;
  for (const [code, name] of Object.entries(names as Record<string, unknown>))
    if (/^[A-Z]{2}$/.test(code) && typeof name === 'string' && name) known.set(code, name);
}

/** 'UTC−3 to UTC+3', or 'UTC+1' for a single offset. */
export function timezoneLabel(range: { min: number; max: number }): string {
  return range.min === range.max
    ? formatUtcOffset(range.min)
    : `${formatUtcOffset(range.min)} to ${formatUtcOffset(range.max)}`;
}

function joinOr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The places part: 'Worldwide', 'US only', 'EMEA', 'US or Canada', 'Europe, US or +2 more'; null when none is named. */
export function placesLabel(eligibility: Eligibility): string | null {
  if (eligibility.worldwide) return 'Worldwide';
  const regions: Region[] = eligibility.regions;
  const names = [...regions, ...eligibility.countries.map(countryLabel)];
  if (names.length === 0) return null;
  if (regions.length === 0 && eligibility.countries.length === 1) return `${names[0]} only`;
  if (names.length <= MAX_PLACES) return joinOr(names);
  return `${names.slice(0, MAX_PLACES - 1).join(', ')} or ${names.length - (MAX_PLACES - 1)} more`;
}

/**
 * 'Remote · US only · UTC−8 to UTC−5'. Only remote jobs get one (an office job's place is its location);
 * a remote job whose posting names no place or time zone is plain 'Remote'.
 */
export function workFromLabel(job: {
  workplace?: string | null;
  isRemote: boolean;
  isHybrid: boolean;
  eligibility?: Eligibility | null;
}): string | null {
  // The public Job has no workplace: remote and not hybrid is fully remote.
  const remote = job.workplace ? job.workplace === 'remote' : job.isRemote && !job.isHybrid;
  if (!remote) return null;
  const parts = ['Remote'];
  const where = job.eligibility;
  if (where) {
    const places = placesLabel(where);
    if (places) parts.push(places);
    if (where.timezone) parts.push(timezoneLabel(where.timezone));
  }
  return parts.join(' · ');
}
