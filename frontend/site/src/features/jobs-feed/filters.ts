/**
 * The feed's filter and sort state (spec section 3, feed filter and search state), how the URL carries
 * it (section 2, Home: URL query parameters) and the GET /api/jobs query it makes (section 7).
 */
import type { JOB_TYPE_FILTER_OPTIONS, SALARY_RANGES } from '@jobs/contracts';

export interface FeedFilters {
  title: string;
  location: string;
  experienceLevel: string;
  type: string;
  salary: string;
  industry: string;
  /** '' for All Jobs. */
  isRemote: '' | 'true' | 'false';
  /** Beyond the spec: 'I can work from' a country (name or ISO code); the server answers jobs open to it. */
  workFrom: string;
  /** Beyond the spec: my time zone as a UTC offset ('UTC+2'), and how many hours I can shift (tzHours). */
  tz: string;
  tzHours: string;
}

export type FilterName = keyof FeedFilters;

export const EMPTY_FILTERS: FeedFilters = {
  title: '',
  location: '',
  experienceLevel: '',
  type: '',
  salary: '',
  industry: '',
  isRemote: '',
  workFrom: '',
  tz: '',
  tzHours: '',
};

export interface SortOption {
  label: string;
  sortBy: 'datePosted' | 'title' | 'company';
  sortOrder: 'asc' | 'desc';
}

/** Spec section 2, Home: the sort select's six orders; the first is the default. */
export const SORT_OPTIONS: readonly SortOption[] = [
  { label: 'Newest First', sortBy: 'datePosted', sortOrder: 'desc' },
  { label: 'Oldest First', sortBy: 'datePosted', sortOrder: 'asc' },
  { label: 'Title A-Z', sortBy: 'title', sortOrder: 'asc' },
  { label: 'Title Z-A', sortBy: 'title', sortOrder: 'desc' },
  { label: 'Company A-Z', sortBy: 'company', sortOrder: 'asc' },
  { label: 'Company Z-A', sortBy: 'company', sortOrder: 'desc' },
];

export type SortKey = `${SortOption['sortBy']}:${SortOption['sortOrder']}`;
export const DEFAULT_SORT: SortKey = 'datePosted:desc';

export function sortKey(option: Pick<SortOption, 'sortBy' | 'sortOrder'>): SortKey {
  return `${option.sortBy}:${option.sortOrder}`;
}

function sortOf(key: string): SortOption {
  return SORT_OPTIONS.find((o) => sortKey(o) === key) ?? SORT_OPTIONS[0]!;
}

/**
 * Job Type options: the spec's filter types, named as the server's employment-type normaliser names
 * them (the two program types are Internship and Apprenticeship). Written out here rather than
 * imported so the contracts' zod schemas stay out of the browser bundle; the type keeps them in step.
 */
export const JOB_TYPE_OPTIONS = [
  'Full Time',
  'Contract',
  '12-month Contract',
  '6-month Contract',
  'Freelance',
  'Internship',
  'Apprenticeship',
] as const satisfies typeof JOB_TYPE_FILTER_OPTIONS;

export const SALARY_OPTIONS = [
  '50k-80k',
  '80k-120k',
  '120k-150k',
  '150k+',
] as const satisfies typeof SALARY_RANGES;

export const WORK_TYPE_OPTIONS = [
  { label: 'All Jobs', value: '' },
  { label: 'Remote & Hybrid', value: 'true' },
  { label: 'On-site Only', value: 'false' },
] as const;

export const REMOTE_WORLDWIDE = 'Remote (Worldwide)';

/** 'My time zone': whole-hour UTC offsets, sent as 'UTC-3' and shown as 'UTC−3'. */
export const TIMEZONE_OPTIONS = Array.from({ length: 27 }, (_, i) => i - 12).map((h) => ({
  value: h === 0 ? 'UTC' : `UTC${h < 0 ? '-' : '+'}${Math.abs(h)}`,
  label: h === 0 ? 'UTC' : `UTC${h < 0 ? '\u2212' : '+'}${Math.abs(h)}`,
}));

/** How far my working day may shift from my time zone, each way. */
export const TZ_HOURS_OPTIONS = [
  { value: '', label: 'Exactly my time zone' },
  ...[1, 2, 3, 4, 6].map((h) => ({ value: String(h), label: `± ${h} hour${h === 1 ? '' : 's'}` })),
];

export interface FeedState {
  filters: FeedFilters;
  sort: SortKey;
}

/** A value from the URL; 'all' (links may say type=all) means no filter, like an empty one. */
function clean(value: string | null): string {
  const trimmed = (value ?? '').trim();
  return trimmed.toLowerCase() === 'all' ? '' : trimmed;
}

/**
 * The state a URL asks for. Read: search, title, location, experienceLevel, type, jobType (wins over
 * type), industry, isRemote; and salary, sortBy, sortOrder, which the site itself writes.
 */
export function stateFromSearch(search: string | URLSearchParams): FeedState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const isRemote = clean(params.get('isRemote')).toLowerCase();
  return {
    filters: {
      title: clean(params.get('title')) || clean(params.get('search')),
      location: clean(params.get('location')),
      experienceLevel: clean(params.get('experienceLevel')),
      type: clean(params.get('jobType')) || clean(params.get('type')),
      salary: clean(params.get('salary')),
      industry: clean(params.get('industry')),
      isRemote: isRemote === 'true' || isRemote === 'false' ? isRemote : '',
      workFrom: clean(params.get('workFrom')),
      tz: clean(params.get('tz')),
      tzHours: clean(params.get('tzHours')),
    },
    sort: sortKey(sortOf(`${clean(params.get('sortBy'))}:${clean(params.get('sortOrder'))}`)),
  };
}

const FILTER_ORDER: readonly FilterName[] = [
  'title',
  'location',
  'experienceLevel',
  'type',
  'salary',
  'industry',
  'isRemote',
  'workFrom',
  'tz',
  'tzHours',
];

/** A filter's value as sent; tzHours means nothing without tz (the server would refuse it), so it waits. */
function activeValue(filters: FeedFilters, name: FilterName): string {
  if (name === 'tzHours' && !filters.tz.trim()) return '';
  return filters[name].trim();
}

/** The URL query of a state: the filters with a value, then the sort when it is not the default. */
export function searchFromState(state: FeedState): string {
  const params = new URLSearchParams();
  for (const name of FILTER_ORDER) {
    const value = activeValue(state.filters, name);
    if (value) params.set(name, value);
  }
  if (state.sort !== DEFAULT_SORT) {
    const sort = sortOf(state.sort);
    params.set('sortBy', sort.sortBy);
    params.set('sortOrder', sort.sortOrder);
  }
  const query = params.toString().replace(/\+/g, '%20');
  return query ? `?${query}` : '';
}

/** GET /api/jobs's query without the page: empty values omitted (spec section 5), keys in a fixed order. */
export type JobsQuery = Record<string, string>;

export function apiQuery(state: FeedState): JobsQuery {
  const query: JobsQuery = {};
  for (const name of FILTER_ORDER) {
    const value = activeValue(state.filters, name);
    if (value) query[name] = value;
  }
  const sort = sortOf(state.sort);
  query.sortBy = sort.sortBy;
  query.sortOrder = sort.sortOrder;
  return query;
}

export function hasFilters(filters: FeedFilters): boolean {
  return FILTER_ORDER.some((name) => filters[name].trim() !== '');
}

export interface FilterChip {
  name: FilterName;
  label: string;
}

const CHIP_LABELS: Record<FilterName, string> = {
  title: 'Search',
  location: 'Location',
  experienceLevel: 'Experience',
  type: 'Job Type',
  salary: 'Salary',
  industry: 'Industry',
  isRemote: 'Work Type',
  workFrom: 'I can work from',
  tz: 'My time zone',
  tzHours: 'Hours either way',
};

/** The active filters as chips, e.g. 'Experience: Senior', 'Work Type: On-site Only'. */
export function filterChips(filters: FeedFilters): FilterChip[] {
  return FILTER_ORDER.flatMap((name) => {
    const value = activeValue(filters, name);
    if (!value) return [];
    const shown =
      name === 'isRemote' ? (WORK_TYPE_OPTIONS.find((o) => o.value === value)?.label ?? value) : value;
    return [{ name, label: `${CHIP_LABELS[name]}: ${shown}` }];
  });
}
