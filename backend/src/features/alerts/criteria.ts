/**
 * What an alert matches: the request's criteria normalised (so the same subscription twice has the
 * same id), the match against one new job, and the link to the same search on the site.
 */
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  SALARY_RANGES,
  type AlertCriteria,
  type Eligibility,
  type JobSearchLocation,
} from '@jobs/contracts';
import { matchesTimezone, matchesWorkFrom, workFrom } from '@jobs/contracts/where';
import { formatUtcOffset, parseUtcOffset } from '@jobs/contracts/where-format';
import { z } from 'zod';
import { wholeWordsPattern } from '@jobs/search/text';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import { badRequest } from '../../http/errors';
import { parseLocation } from '../jobs/feed-params';
import { countryByName } from '../jobs/normalise/places';
import { salaryRangeBounds } from '../jobs/normalise/salary';

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9+]/g, '');

function vocabulary<T extends string>(values: readonly T[], aliases: Record<string, T> = {}) {
  const map = new Map<string, T>(values.map((v) => [squash(v), v]));
  for (const [alias, value] of Object.entries(aliases)) map.set(squash(alias), value);
  return (raw: string): T | undefined => map.get(squash(raw));
}

const experienceOf = vocabulary(EXPERIENCE_LEVELS, {
  'Entry Level': 'Entry',
  Junior: 'Entry',
  'Mid Level': 'Mid-level',
  Mid: 'Mid-level',
  'Senior Level': 'Senior',
});
const typeOf = vocabulary(EMPLOYMENT_TYPES, { 'Full-Time': 'Full Time', 'Part-Time': 'Part Time' });
const salaryOf = vocabulary(SALARY_RANGES);

/** Select placeholders a prefilled form may carry: they mean "no criterion". */
const ANY = new Set(['any', 'all', 'anylevel', 'anylocation', 'alljobs', 'anytype', 'anysalary']);

function present(value: string | null | undefined): string | null {
  const text = value?.trim().replace(/\s+/g, ' ') ?? '';
  return text && !ANY.has(squash(text)) ? text : null;
}

function pick<T extends string>(
  field: string,
  raw: string | null | undefined,
  of: (v: string) => T | undefined,
  values: readonly string[],
): T | null {
  const text = present(raw);
  if (!text) return null;
  const found = of(text);
  if (!found) {
    const message = `Must be one of: ${values.join(', ')}`;
    throw badRequest(`Invalid field '${field}': ${message}`, [{ path: field, message }]);
  }
  return found;
}

export interface CriteriaInput {
  title?: string | null;
  location?: string | null;
  experienceLevel?: string | null;
  type?: string | null;
  salary?: string | null;
  isRemote?: boolean | null;
  workFrom?: string | null;
  tz?: string | null;
  tzHours?: number | null;
}

function invalid(field: string, message: string): never {
  throw badRequest(`Invalid field '${field}': ${message}`, [{ path: field, message }]);
}

/** The feed's workFrom, tz and tzHours as criteria; only the ones given (older alerts' ids stay the same). */
function whereCriteria(input: CriteriaInput): Pick<AlertCriteria, 'workFrom' | 'timezone'> {
  const out: Pick<AlertCriteria, 'workFrom' | 'timezone'> = {};
  const country = present(input.workFrom);
  if (country) {
    const found = countryByName(country);
    if (!found) invalid('workFrom', `Unknown country '${country}'`);
    out.workFrom = found.code;
  }
  const tz = present(input.tz);
  if (tz) {
    const offset = parseUtcOffset(tz);
    if (offset === null) invalid('tz', 'Must be a UTC offset from -12 to +14, such as UTC+2, -3 or +5:30');
    out.timezone = { offset, hours: input.tzHours ?? 0 };
  } else if (input.tzHours !== null && input.tzHours !== undefined) {
    invalid('tzHours', 'Needs tz (my UTC offset)');
  }
  return out;
}

/** The canonical criteria of a request; an unknown experience level, type, salary range or continent is a 400. */
export function normaliseCriteria(input: CriteriaInput): AlertCriteria {
  const location = present(input.location);
  if (location) {
    const parsed = parseLocation(location);
    if ('error' in parsed)
      throw badRequest(`Invalid field 'location': ${parsed.error}`, [
        { path: 'location', message: parsed.error },
      ]);
  }
  return {
    title: present(input.title),
    location,
    experienceLevel: pick('experienceLevel', input.experienceLevel, experienceOf, EXPERIENCE_LEVELS),
    type: pick('type', input.type, typeOf, EMPLOYMENT_TYPES),
    salary: pick('salary', input.salary, salaryOf, SALARY_RANGES),
    isRemote: input.isRemote ?? false,
    ...whereCriteria(input),
  };
}

/**
 * The alert id: the same address with the same criteria (case and spacing aside) is the same alert,
 * so subscribing twice never makes two. The frequency is not part of it: it is a setting of the alert.
 */
export function alertIdFor(email: string, criteria: AlertCriteria): string {
  const key = JSON.stringify([
    email.trim().toLowerCase(),
    criteria.title?.toLowerCase() ?? null,
    criteria.location?.toLowerCase() ?? null,
    criteria.experienceLevel,
    criteria.type,
    criteria.salary,
    criteria.isRemote,
    // Appended only when set, so alerts made before these criteria existed keep their ids.
    ...(criteria.workFrom ? [`workFrom:${criteria.workFrom}`] : []),
    ...(criteria.timezone ? [`tz:${criteria.timezone.offset}±${criteria.timezone.hours}`] : []),
  ]);
  return uuidFromName(JOBS_BOARD_NAMESPACE, `job-alert:${key}`);
}

/** What the matcher needs of a new job (the alert_job_candidates row). */
export interface CandidateJob {
  jobId: string;
  title: string;
  location: string;
  countryName: string | null;
  continent: string | null;
  isRemote: boolean;
  type: string;
  experienceLevel: string;
  salaryMinUsd: number | null;
  salaryMaxUsd: number | null;
  /** Where the job may be done from; null when unknown. */
  eligibility: Eligibility | null;
}

export const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}+#]+/gu) ?? [];

function locationMatches(location: JobSearchLocation, job: CandidateJob): boolean {
  switch (location.kind) {
    case 'worldwideRemote':
      return job.isRemote && (job.continent === null || /worldwide|anywhere/i.test(job.location));
    case 'continent':
      return job.continent === location.continent && (!location.remoteOnly || job.isRemote);
    case 'place': {
      const place = location.value.toLowerCase();
      // A country, as the feed reads it: the job's country, or the country named among the location's words.
      const country = location.country;
      if (country)
        return (
          (job.countryName !== null && country.names.includes(job.countryName.toLowerCase())) ||
          (country.names.length > 0 &&
            new RegExp(wholeWordsPattern(country.names)).test(job.location.toLowerCase()))
        );
      return (
        job.location.toLowerCase().includes(place) ||
        job.countryName?.toLowerCase() === place ||
        job.continent?.toLowerCase() === place
      );
    }
    default: {
      const unknown: never = location;
      return unknown;
    }
  }
}

/**
 * Does a new job match? Every criterion set must hold: each title word starts a word of the job's
 * title ('engineer' finds 'Engineering'); the location as the feed reads it (a place in the location
 * text or the country, a continent, or worldwide remote); experience and type equal; the salary
 * range overlaps the job's (a job without a salary does not match a salary criterion, as in the
 * feed); remote means remote or hybrid, the feed's isRemote=true.
 */
export function matchesAlert(criteria: AlertCriteria, job: CandidateJob): boolean {
  if (criteria.title) {
    const titleWords = words(job.title);
    if (!words(criteria.title).every((w) => titleWords.some((t) => t.startsWith(w)))) return false;
  }
  if (criteria.location) {
    const parsed = parseLocation(criteria.location);
    if ('error' in parsed || !locationMatches(parsed, job)) return false;
  }
  if (criteria.experienceLevel && criteria.experienceLevel !== job.experienceLevel) return false;
  if (criteria.type && criteria.type !== job.type) return false;
  if (criteria.salary) {
    const bounds = salaryRangeBounds(criteria.salary);
    const lo = job.salaryMinUsd ?? job.salaryMaxUsd;
    const hi = job.salaryMaxUsd ?? job.salaryMinUsd;
    if (!bounds || lo === null || hi === null) return false;
    if (hi < bounds.min || (bounds.max !== null && lo > bounds.max)) return false;
  }
  if (criteria.isRemote && !job.isRemote) return false;
  if (criteria.workFrom && !matchesWorkFrom(workFrom(job.eligibility), criteria.workFrom)) return false;
  if (criteria.timezone && !matchesTimezone(workFrom(job.eligibility), criteria.timezone)) return false;
  return true;
}

/** The feed with the alert's filters: `${publicUrl}/?title=...`. */
export function searchUrl(publicUrl: string, criteria: AlertCriteria): string {
  const params = new URLSearchParams();
  if (criteria.title) params.set('title', criteria.title);
  if (criteria.location) params.set('location', criteria.location);
  if (criteria.experienceLevel) params.set('experienceLevel', criteria.experienceLevel);
  if (criteria.type) params.set('type', criteria.type);
  if (criteria.salary) params.set('salary', criteria.salary);
  if (criteria.isRemote) params.set('isRemote', 'true');
  if (criteria.workFrom) params.set('workFrom', criteria.workFrom);
  if (criteria.timezone) {
    params.set('tz', formatUtcOffset(criteria.timezone.offset).replace('\u2212', '-'));
    if (criteria.timezone.hours) params.set('tzHours', String(criteria.timezone.hours));
  }
  const query = params.toString();
  return `${publicUrl}/${query ? `?${query}` : ''}`;
}

/** A short human description: 'Senior Engineer jobs in Europe (remote)'. */
export function describeCriteria(criteria: AlertCriteria): string {
  const parts = [criteria.experienceLevel, criteria.type, criteria.title].filter(Boolean).join(' ');
  let text = parts ? `${parts} jobs` : 'New jobs';
  if (criteria.location) text += ` in ${criteria.location}`;
  if (criteria.salary) text += `, ${criteria.salary}`;
  if (criteria.isRemote) text += ' (remote)';
  if (criteria.workFrom) text += `, open to ${countryByName(criteria.workFrom)?.name ?? criteria.workFrom}`;
  if (criteria.timezone)
    text += `, ${formatUtcOffset(criteria.timezone.offset)}${criteria.timezone.hours ? ` ± ${criteria.timezone.hours}h` : ''}`;
  return text;
}

export const AlertIdParam = z.object({ id: z.uuid() });
