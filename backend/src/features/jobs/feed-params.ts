/**
 * The query parameters of GET /api/jobs (spec section 7) as a zod schema whose output is the search
 * index's query. Empty values are ignored (the client omits them, links may not); a value the feed
 * cannot mean (an unknown sort, level, type, salary range, duration, continent) is a 400 naming the
 * parameter. Enumerated values match case-insensitively and ignore spaces and hyphens, so 'full-time',
 * 'Full Time' and 'full time' (the SEO canonical lower-cases keywords) are the same filter.
 */
import { z } from 'zod';
import {
  CONTINENTS,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  INDUSTRIES,
  SALARY_RANGES,
  type JobSearchLocation,
  type JobSearchQuery,
  type PlaceCountry,
} from '@jobs/contracts';
import { parseUtcOffset } from '@jobs/contracts/where-format';
import { countryByName, type CountryEntry } from './normalise/places';
import { UNMATCHED_COUNTRY_NAMES } from './normalise/places-data';
import { salaryRangeBounds } from './normalise/salary';

/**
 * `duration`: how recently the job was posted. The spec names the parameter but not its values; we
 * accept these windows (hours).
 */
export const DURATIONS = { '24h': 24, '3d': 72, '7d': 168, '14d': 336, '30d': 720 } as const;
export type Duration = keyof typeof DURATIONS;

export const SORT_BY = ['datePosted', 'title', 'company', 'relevance'] as const;

function squash(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9+]/g, '');
}

/** A parameter matched against a fixed vocabulary, plus aliases people and old links use. */
function vocabulary<T extends string>(values: readonly T[], aliases: Record<string, T> = {}) {
  const bySquashed = new Map<string, T>(values.map((v) => [squash(v), v]));
  for (const [alias, value] of Object.entries(aliases)) bySquashed.set(squash(alias), value);
  return z
    .string()
    .meta({ description: `One of: ${values.join(', ')} (any case; spaces and hyphens ignored)` })
    .transform((raw, ctx) => {
      const found = bySquashed.get(squash(raw));
      if (found === undefined) {
        ctx.addIssue({ code: 'custom', message: `Must be one of: ${values.join(', ')}` });
        return z.NEVER;
      }
      return found;
    });
}

const continentByName = new Map<string, string>(CONTINENTS.map((c) => [c.toLowerCase(), c]));
const WORLDWIDE = new Set([
  'remote (worldwide)',
  'worldwide',
  'anywhere',
  'anywhere in the world',
  'remote worldwide',
]);

/** 'Remote (Worldwide)', 'All {continent}', 'Remote in {continent}', or a place ('Germany', 'Berlin'). */
export function parseLocation(raw: string): JobSearchLocation | { error: string } {
  const text = raw.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  if (WORLDWIDE.has(lower)) return { kind: 'worldwideRemote' };
  const scoped = /^(all|remote in) (.+)$/.exec(lower);
  if (scoped) {
    const continent = continentByName.get(scoped[2]!);
    if (!continent)
      return {
        error: `Unknown continent '${text.slice(scoped[1]!.length + 1)}'; one of: ${CONTINENTS.join(', ')}`,
      };
    return { kind: 'continent', continent, remoteOnly: scoped[1] === 'remote in' };
  }
  const country = countryByName(text);
  return country
    ? { kind: 'place', value: text, country: placeCountry(country) }
    : { kind: 'place', value: text };
}

// 'America' alone is read as the United States only in a filter value; in a location it is usually a region.
const NOT_IN_LOCATIONS = new Set(['america']);

/**
 * A place that names a country finds the country's jobs whatever spelling their location uses: the job's country
 * (read from 'San Francisco, CA', 'Remote - US', 'GB' at ingestion) or the country named among others.
 */
function placeCountry(country: CountryEntry): PlaceCountry {
  const names = UNMATCHED_COUNTRY_NAMES.has(country.name) ? [] : [country.name, ...country.aliases];
  const lower = [...new Set(names.map((n) => n.toLowerCase()))].filter((n) => !NOT_IN_LOCATIONS.has(n));
  return { code: country.code, names: lower };
}

/** Blank query values count as absent. */
const text = (max: number) =>
  z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `Must be at most ${max} characters`));

const FeedParamsObject = z
  .object({
    title: text(200).optional(),
    location: text(200)
      .transform((raw, ctx) => {
        const parsed = parseLocation(raw);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
    experienceLevel: vocabulary(EXPERIENCE_LEVELS, {
      'Entry Level': 'Entry',
      Junior: 'Entry',
      'Mid Level': 'Mid-level',
      Mid: 'Mid-level',
      'Senior Level': 'Senior',
    }).optional(),
    type: vocabulary(EMPLOYMENT_TYPES).optional(),
    salary: vocabulary(SALARY_RANGES).optional(),
    duration: vocabulary(Object.keys(DURATIONS) as Duration[]).optional(),
    industry: vocabulary(INDUSTRIES).optional(),
    isRemote: z.enum(['true', 'false'], { error: "Must be 'true' or 'false'" }).optional(),
    workFrom: text(100)
      .meta({
        description:
          "Beyond the spec: 'I can work from' this country (a name such as 'Germany' or 'UK', or an ISO code such as 'DE'): jobs open to it, worldwide ones included.",
      })
      .transform((raw, ctx) => {
        const country = countryByName(raw);
        if (!country) {
          ctx.addIssue({ code: 'custom', message: `Unknown country '${raw}'` });
          return z.NEVER;
        }
        return country.code;
      })
      .optional(),
    tz: text(20)
      .meta({
        description:
          "Beyond the spec: my time zone as a UTC offset ('UTC+2', 'GMT-3', '+5:30', '-3'): jobs whose working hours' time zones reach it within tzHours, worldwide ones without stated hours included.",
      })
      .transform((raw, ctx) => {
        const offset = parseUtcOffset(raw);
        if (offset === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'Must be a UTC offset from -12 to +14, such as UTC+2, -3 or +5:30',
          });
          return z.NEVER;
        }
        return offset;
      })
      .optional(),
    tzHours: z
      .string()
      .regex(/^[0-9]{1,2}$/, 'Must be a whole number of hours from 0 to 12')
      .transform(Number)
      .pipe(z.number().int().max(12, 'Must be a whole number of hours from 0 to 12'))
      .meta({
        description:
          'Beyond the spec: how many hours my working day may shift from tz, each way (0 to 12, default 0).',
      })
      .optional(),
    page: z
      .string()
      .regex(/^[0-9]{1,6}$/, 'Must be a whole number from 1')
      .transform(Number)
      .pipe(z.number().int().min(1, 'Must be a whole number from 1'))
      .optional(),
    fields: z
      .enum(['full', 'card'], { error: "Must be 'full' or 'card'" })
      .meta({
        description:
          "Beyond the spec: 'card' answers each job with only what a feed card shows (CardJob: no description, skills or company profile; a few KB per page of 20 instead of tens), 'full' (the default) the spec's whole Job.",
      })
      .optional(),
    sortBy: z.enum(SORT_BY, { error: `Must be one of: ${SORT_BY.join(', ')}` }).optional(),
    sortOrder: z.enum(['asc', 'desc'], { error: "Must be 'asc' or 'desc'" }).optional(),
  })
  .loose();

/** tzHours means nothing without tz: a 400 rather than a filter silently dropped. */
export function tzHoursNeedsTz(params: { tz?: number; tzHours?: number }, ctx: z.core.$RefinementCtx): void {
  if (params.tzHours !== undefined && params.tz === undefined)
    ctx.addIssue({ code: 'custom', path: ['tzHours'], message: 'Needs tz (my UTC offset)' });
}

export const FeedParams = z
  .preprocess(
    (query) =>
      query && typeof query === 'object' ? withoutEmptyValues(query as Record<string, unknown>) : query,
    FeedParamsObject,
  )
  .superRefine(tzHoursNeedsTz);
export type FeedParams = z.output<typeof FeedParamsObject>;

/** Drops empty values ('' or only spaces), so `?title=&page=` reads as no title and page 1. */
export function withoutEmptyValues(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')),
  );
}

/** The search index query of the parameters (without paging); `now` anchors `duration`. */
export function toSearchQuery(params: FeedParams, now: Date): Omit<JobSearchQuery, 'page' | 'pageSize'> {
  const query: Omit<JobSearchQuery, 'page' | 'pageSize'> = {
    sortBy: params.sortBy ?? 'datePosted',
    sortOrder: params.sortOrder ?? 'desc',
  };
  if (params.title) query.text = params.title;
  if (params.location) query.location = params.location;
  if (params.experienceLevel) query.experienceLevel = params.experienceLevel;
  if (params.type) query.type = params.type;
  if (params.salary) query.salaryUsd = salaryRangeBounds(params.salary) ?? undefined;
  if (params.industry) query.industry = params.industry;
  if (params.isRemote) query.isRemote = params.isRemote === 'true';
  if (params.workFrom) query.workFrom = params.workFrom;
  if (params.tz !== undefined) query.timezone = { offset: params.tz, hours: params.tzHours ?? 0 };
  if (params.duration)
    query.postedAfter = new Date(now.getTime() - DURATIONS[params.duration] * 3_600_000).toISOString();
  return query;
}
