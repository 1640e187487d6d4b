/**
 * From what a bot sends to the job content events carry: every field cleaned, inferred where the
 * ATS is silent, and the description sanitised.
 */
import crypto from 'node:crypto';
import type { IngestItemPosted, JobContent } from '@jobs/contracts';
import { employmentType } from './employment-type';
import { experienceLevel } from './experience';
import { industryFor } from './industry';
import { resolvePlace } from './places';
import { normaliseSalary } from './salary';
import { sanitiseHtml } from './sanitise';
import { extractSkills } from './skills';
import { cleanText, htmlToText } from './text';
import { withVendorCountries } from './vendor-countries';
import { detectWorkplace } from './workplace';
import { mergeEligibility, readEligibility } from './where';
import { titleRestriction } from './title-restriction';

export { sanitiseHtml } from './sanitise';
export { cleanText, decodeEntities, foldAscii, htmlToText } from './text';
export { detectWorkplace, isWorldwideLocation } from './workplace';
export { mergeEligibility, readEligibility } from './where';
export {
  CONTINENTS,
  COUNTRIES,
  countryByCode,
  countryByName,
  guessCountryForJsonLd,
  JSON_LD_COUNTRIES,
  placeLabel,
  resolvePlace,
} from './places';
export { experienceLevel } from './experience';
export { employmentType, jsonLdEmploymentType, parseEmploymentType } from './employment-type';
export {
  formatSalary,
  normaliseSalary,
  parseSalaryText,
  salaryMatchesRange,
  salaryRangeBounds,
  SALARY_RANGES,
  toUsdPerYear,
  USD_PER_UNIT,
} from './salary';
export { canonicalSkill, extractSkills, findSkills, MAX_SKILLS } from './skills';
export { industryFor } from './industry';

function optional(text: string | null | undefined): string | null {
  const cleaned = text ? cleanText(text) : '';
  return cleaned || null;
}

/** 'acme.com' → 'https://acme.com'; anything that is not an http(s) URL → null. */
function websiteUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function postedAt(value: string | null | undefined, now: Date): string {
  if (!value) return now.toISOString();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return now.toISOString();
  // An ATS clock ahead of ours must not push a job to the top of the feed for days.
  return (date > now ? now : date).toISOString();
}

/** The posting's end as ISO 8601 (a date alone: the end of that day, UTC), or null. */
function validUntil(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function normaliseJob(item: IngestItemPosted, { now }: { now: Date }): JobContent {
  const title = cleanText(item.title);
  const company = cleanText(item.company);
  const description = sanitiseHtml(item.descriptionHtml);
  const text = htmlToText(description);
  const workplace = detectWorkplace({
    workplace: item.workplace,
    location: item.location,
    title,
    description: text,
  });
  const given = optional(item.location);
  const vendor = withVendorCountries({
    place: resolvePlace(given ?? ''),
    location: given,
    countries: item.countries,
    workplace: workplace.workplace,
  });
  // No location is no location: a remote job without one is not read as open to the whole world.
  let location = given ?? vendor.location ?? (workplace.workplace === 'remote' ? 'Remote' : 'Not specified');
  // Issue 24 §6: a remote job whose location says nowhere in particular ('Remote', hidden, or 'Worldwide')
  // while its title restricts it ('… - EMEA Remote', '(Americas)', 'LATAM only') is that restriction, read
  // as the location so it lands in the same where/regions/countries data.
  const fromTitle = workplace.workplace === 'remote' ? titleRestriction(title) : null;
  const saysWhere = readEligibility(location);
  const titleWins = fromTitle !== null && (!saysWhere || saysWhere.worldwide) && !vendor.location;
  if (titleWins) location = `Remote - ${fromTitle}`;
  const place = titleWins
    ? resolvePlace(location)
    : given || vendor.location
      ? vendor.place
      : resolvePlace(location);
  // An office or hybrid job is done where it is, including a country only the ATS states; a remote job's
  // ATS country is often the company's seat, so only its text says where applicants may be.
  const eligibility = mergeEligibility([
    titleWins ? readEligibility(location) : saysWhere,
    workplace.workplace !== 'remote' && place.countries.length
      ? { worldwide: false, countries: place.countries, regions: [], timezone: null }
      : null,
  ]);
  const department = optional(item.department);
  const salary = normaliseSalary(item);
  return {
    title,
    company,
    companyLogo: item.companyLogo?.trim() || null,
    // Plain text: the site shows it as text (an HTML-escaped '&amp;' would show as such).
    companyDescription: item.companyDescription
      ? htmlToText(sanitiseHtml(item.companyDescription)) || null
      : null,
    companyWebsite: websiteUrl(item.companyWebsite),
    companySize: optional(item.companySize),
    location,
    ...workplace,
    country: place.country,
    countryName: place.countryName,
    continent: place.continent,
    eligibility,
    type: employmentType({ ats: item.employmentType, title, description: text }),
    experienceLevel: experienceLevel({ ats: item.experienceLevel, title, description: text }),
    industry: industryFor({ ats: item.industry, department, title }),
    department,
    salary: salary.text,
    salaryMin: salary.min,
    salaryMax: salary.max,
    salaryCurrency: salary.currency,
    salaryPeriod: salary.period,
    skills: extractSkills({ ats: item.skills, title, description: text }),
    description,
    datePosted: postedAt(item.datePosted, now),
    applicationUrl: item.applicationUrl,
    sourceUrl: item.sourceUrl ?? null,
    // Only when given: a job without one keeps the content hash it always had.
    ...(validUntil(item.validThrough) ? { validThrough: validUntil(item.validThrough) } : {}),
  };
}

/** Fields left out of the content hash: datePosted defaults to the time of ingestion when the ATS has none, so it would change on every pull. */
export const UNHASHED_FIELDS: readonly (keyof JobContent)[] = ['datePosted'];

/**
 * JSON with object keys in code-unit order and undefined members left out: the content hash's input. Built in one
 * string without intermediate arrays (the hash of every ingested job; the bytes are the same as ever).
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    // An undefined element is written as nothing, as Array.prototype.join writes it.
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + (canonical(value[i]) ?? '');
    return out + ']';
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Default sort compares UTF-16 code units, as `a < b` does.
    const keys = Object.keys(record).sort();
    let out = '{';
    let first = true;
    for (const key of keys) {
      const v = record[key];
      if (v === undefined) continue;
      out += (first ? '' : ',') + JSON.stringify(key) + ':' + canonical(v);
      first = false;
    }
    return out + '}';
  }
  return JSON.stringify(value);
}

/** sha256 (hex) of the canonical JSON of what a visitor sees, so re-ingesting an unchanged job is a no-op. */
export function contentHash(content: JobContent): string {
  const hashed: Record<string, unknown> = { ...content };
  for (const field of UNHASHED_FIELDS) delete hashed[field];
  return crypto.createHash('sha256').update(canonical(hashed)).digest('hex');
}
