/**
 * Where a job may be done from: the countries or regions its applicants may live and work in (or the whole
 * world) and the time-zone range its hours follow, as a posting states them. The normaliser reads them from
 * the vendor's fields and the location text (backend/src/features/jobs/normalise/where.ts) and stores what
 * was *named* in the job's events; this module turns that into what filters need (every country a region
 * covers, the UTC offsets a country spans), so a change of these tables applies on a rebuild without
 * rewriting events.
 */
import { z } from 'zod';

import { REGIONS, type Region, type WorkFrom } from './where-rules';

export {
  REGION_COUNTRIES,
  REGIONS,
  countryUtcOffsets,
  workFrom,
  type Region,
  type WorkFrom,
} from './where-rules';
export const RegionSchema = z.enum(REGIONS as [Region, ...Region[]]);

/** A range of UTC offsets in hours (e.g. -3 to 3; India is 5.5). */
export const UtcRange = z.object({ min: z.number().min(-12).max(14), max: z.number().min(-12).max(14) });
export type UtcRange = z.infer<typeof UtcRange>;

/**
 * What a posting says about where its applicants may be. `null` on a job means it says nothing (unknown:
 * never read as worldwide, never guessed from the company's headquarters).
 */
export const Eligibility = z.object({
  /** Open to applicants anywhere ('Worldwide', 'Anywhere', 'Remote (Global)'). */
  worldwide: z.boolean(),
  /** Countries named (ISO alpha-2), in order of appearance; for an office job, where the office is. */
  countries: z.array(z.string().length(2)),
  /** Regions named ('EMEA', 'EU', 'LATAM'...). */
  regions: z.array(RegionSchema),
  /** The working hours' time zones, when the posting states them ('UTC-3 to UTC+3', 'CET ± 2 hours'). */
  timezone: UtcRange.nullable(),
});
export type Eligibility = z.infer<typeof Eligibility>;

/** The time-zone filter: my offset ± hours. */
export interface TimezoneOverlap {
  /** My UTC offset in hours (-12 to 14). */
  offset: number;
  /** How many hours my working day may shift each way (0 to 12). */
  hours: number;
}

/** Does a job match "I can work from {country}"? Worldwide jobs are open to every country. */
export function matchesWorkFrom(where: WorkFrom, country: string): boolean {
  return where.worldwide || where.countries.includes(country.toUpperCase());
}

/** Does a job's time-zone range overlap [offset − hours, offset + hours]? A worldwide job without one does. */
export function matchesTimezone(where: WorkFrom, tz: TimezoneOverlap): boolean {
  if (!where.utc) return where.worldwide;
  return where.utc.min <= tz.offset + tz.hours && where.utc.max >= tz.offset - tz.hours;
}

export { formatUtcOffset, parseUtcOffset } from './where-format';
