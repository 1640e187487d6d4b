/** The filters that change what the feed lists, as the heading reads them. */
export interface HeadingFilters {
  title?: string;
  location?: string;
  experienceLevel?: string;
  type?: string;
  salary?: string;
  industry?: string;
  isRemote?: boolean;
  /** 'I can work from' a country (name or ISO code). */
  workFrom?: string;
  /** My time zone ('UTC+2'), and how many hours either way (tzHours; means nothing without tz). */
  tz?: string;
  tzHours?: string;
}

const EXPERIENCE_WORDS: Record<string, string> = {
  Entry: 'Entry Level',
  'Mid-level': 'Mid Level',
};

function capitalise(words: string): string {
  return words.replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

function locationWords(location: string): string {
  // 'All Europe' reads as 'Europe'; 'Remote (Worldwide)' and 'Remote in Europe' read as they are.
  const all = /^all (.+)$/i.exec(location);
  return all?.[1] ?? location;
}

/** 'UTC+2' reads as 'UTC+2', 'UTC-3' as 'UTC−3' (a minus sign, as the menu writes it); '± 3h' when given. */
function timeZoneWords(tz: string, hours: string | undefined): string {
  const zone = tz.replace(/^(UTC|GMT)\s*-\s*/i, (_, utc: string) => `${utc.toUpperCase()}\u2212`);
  const either = hours?.trim();
  return either && either !== '0' ? `${zone} \u00b1${either}h` : zone;
}

/**
 * The words the filters add to the heading, in reading order:
 * 'Remote & Hybrid Senior Full Time Marketing React Europe Work-from-Germany UTC+1 ±2h $80k-120k'.
 */
export function filterWords(filters: HeadingFilters): string {
  const words: string[] = [];
  if (filters.isRemote === true) words.push('Remote & Hybrid');
  if (filters.isRemote === false) words.push('On-site');
  const push = (value: string | undefined, read: (v: string) => string = (v) => v) => {
    const trimmed = value?.trim().replace(/\s+/g, ' ');
    if (trimmed) words.push(read(trimmed));
  };
  push(filters.experienceLevel, (v) => EXPERIENCE_WORDS[v] ?? v);
  push(filters.type);
  push(filters.industry);
  push(filters.title, capitalise);
  push(filters.location, locationWords);
  push(filters.workFrom, (v) => `Work-from-${v}`);
  push(filters.tz, (v) => timeZoneWords(v, filters.tzHours));
  push(filters.salary, (v) => `$${v}`);
  return words.join(' ');
}

/**
 * A count with thousands separators, as toLocaleString('en-US') writes it. Not toLocaleString itself: its
 * first call builds ICU's number formatter, ~15 ms of the home page's first render.
 */
export function formatCount(n: number): string {
  return Number.isInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('en-US');
}

/**
 * The feed heading (spec section 2, Feed): '{n} Remote & Hybrid Jobs' from the total count, or
 * '{total} {filters} Jobs' when filtered. Null while the number it needs is unknown.
 */
export function feedHeading(input: {
  filters: HeadingFilters;
  /** GET /api/jobs/count's total. */
  totalCount: number | undefined;
  /** The filtered feed's totalJobs. */
  filteredTotal: number | undefined;
}): string | null {
  const words = filterWords(input.filters);
  if (!words)
    return input.totalCount === undefined ? null : `${formatCount(input.totalCount)} Remote & Hybrid Jobs`;
  return input.filteredTotal === undefined ? null : `${formatCount(input.filteredTotal)} ${words} Jobs`;
}
