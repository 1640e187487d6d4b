/**
 * schema.org JSON-LD for the server-rendered job and company pages: a JobPosting with Google's required
 * and recommended properties (ATS-FORMATS.md, Google for Jobs essentials; spec section 9) and a
 * BreadcrumbList. Pure functions of the job and the site's public URL.
 */
import type { Eligibility, PublicSalaryRange } from '@jobs/contracts';
import { companySlug } from '@jobs/contracts/company-slug';
import { COUNTRY_UTC_OFFSETS } from '@jobs/contracts/where-offsets';
import { workFrom } from '@jobs/contracts/where';
import { jsonLdEmploymentType } from '../jobs/normalise/employment-type';

/** Spec section 9: structured job data is valid 30 days after datePosted (here: after the last confirmation). */
export const VALID_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

/** What the JobPosting needs of a job: the public Job, its salary as the posting states it (salaryRange). */
export interface JsonLdJob {
  id: number;
  slug: string;
  title: string;
  company: string;
  companyLogo: string | null;
  companyWebsite: string | null;
  location: string;
  isRemote: boolean;
  isHybrid: boolean;
  country: string | null;
  /** Where applicants may live and work; null or absent when the posting does not say. */
  eligibility?: Eligibility | null;
  type: string;
  industry: string;
  skills: string[];
  /** Sanitised HTML: Google accepts HTML in description. */
  description: string;
  datePosted: string;
  /** When its source last confirmed it; validThrough follows it. */
  lastConfirmedAt?: string | null;
  /** The source's own end of the posting, when it gave one. */
  validThrough?: string | null;
  /** The posting's own amounts, currency and period; null or absent when it states no amount. */
  salaryRange?: Pick<PublicSalaryRange, 'currency' | 'period' | 'min' | 'max'> | null;
}

export type JsonLd = Record<string, unknown>;

/** `<` would let a string close the script tag; U+2028/9 break older JavaScript parsers. */
export function jsonLdScript(data: JsonLd): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** A logo as an absolute URL: a full URL as given, a file name from the company-logos path (spec section 3). */
export function absoluteLogoUrl(logo: string | null, publicUrl: string): string | null {
  if (!logo) return null;
  if (/^https?:\/\//i.test(logo)) return logo;
  return `${publicUrl}/company-logos/${encodeURIComponent(logo.replace(/^\/+/, ''))}`;
}

export function jobUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/jobs/${encodeURIComponent(slug)}`;
}

export function companyUrl(publicUrl: string, company: string): string {
  return `${publicUrl}/companies/${companySlug(company)}`;
}

/**
 * VALID_DAYS after the job was last posted or confirmed by its source (a job an ATS still lists stays
 * valid; one nobody confirms runs out when we would expire it), or the source's own end if earlier.
 */
function validThrough(job: Pick<JsonLdJob, 'datePosted' | 'lastConfirmedAt' | 'validThrough'>): string {
  const posted = Date.parse(job.datePosted);
  const confirmed = job.lastConfirmedAt ? Date.parse(job.lastConfirmedAt) : NaN;
  const seen = Math.max(
    Number.isFinite(posted) ? posted : Date.now(),
    Number.isFinite(confirmed) ? confirmed : 0,
  );
  const own = job.validThrough ? Date.parse(job.validThrough) : NaN;
  const until = seen + VALID_DAYS * DAY_MS;
  return new Date(Number.isFinite(own) ? Math.min(own, until) : until).toISOString();
}

/** The town part of a location text ('Berlin, Germany' → 'Berlin'); null for 'Remote ...' or 'Worldwide'. */
function locality(location: string): string | null {
  const first = location.split(/[,;/|]/)[0]?.trim() ?? '';
  if (!first || /\b(remote|worldwide|anywhere|global)\b/i.test(first)) return null;
  return first;
}

/** Every country of the tz database: what "worldwide" means to applicantLocationRequirements. */
const ALL_COUNTRIES = Object.keys(COUNTRY_UTC_OFFSETS);

/**
 * Where the job is, as Google asks (Google for Jobs: JobPosting): a fully remote job is TELECOMMUTE with
 * applicantLocationRequirements naming every country applicants may be in (the named ones, every member of
 * a named region, the countries of a stated time-zone band; all of them when worldwide). Hybrid and office
 * jobs get a jobLocation per country with that country. Null when the posting does not say where: Google
 * requires it, and a guessed country (the spec's old guess, or the company's headquarters) would be false.
 */
function locationProperties(job: JsonLdJob): JsonLd | null {
  const where = workFrom(job.eligibility);
  if (job.isRemote && !job.isHybrid) {
    const countries = where.worldwide ? ALL_COUNTRIES : where.countries;
    if (!countries.length) return null;
    return {
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: countries.map((code) => ({ '@type': 'Country', name: code })),
    };
  }
  const named = job.eligibility?.countries ?? [];
  const countries = job.country ? [job.country.toUpperCase()] : named;
  if (!countries.length) return null;
  const town = locality(job.location);
  const places = countries.map((code) => ({
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      ...(town && countries.length === 1 ? { addressLocality: town } : {}),
      addressCountry: code,
    },
  }));
  return { jobLocation: places.length === 1 ? places[0] : places };
}

/**
 * Google's baseSalary in the posting's own terms: its currency (ISO 4217) and period (YEAR, MONTH, WEEK,
 * DAY, HOUR), never the USD-per-year figure the salary filter compares, which is a conversion.
 */
function baseSalary(job: JsonLdJob): JsonLd | null {
  const range = job.salaryRange;
  if (!range) return null;
  const min = range.min ?? range.max;
  const max = range.max ?? range.min;
  if (min === null || max === null || !(min > 0) || !/^[A-Z]{3}$/.test(range.currency)) return null;
  const value: JsonLd = { '@type': 'QuantitativeValue', unitText: range.period };
  if (min === max) value.value = min;
  else Object.assign(value, { minValue: min, maxValue: max });
  return { '@type': 'MonetaryAmount', currency: range.currency, value };
}

/** The JobPosting, or null when the job's location cannot be stated as Google requires (see locationProperties). */
export function jobPostingJsonLd(job: JsonLdJob, publicUrl: string): JsonLd | null {
  const location = locationProperties(job);
  if (!location) return null;
  const logo = absoluteLogoUrl(job.companyLogo, publicUrl);
  const hiringOrganization: JsonLd = { '@type': 'Organization', name: job.company };
  if (job.companyWebsite) hiringOrganization.sameAs = job.companyWebsite;
  if (logo) hiringOrganization.logo = logo;
  const salary = baseSalary(job);
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.datePosted,
    validThrough: validThrough(job),
    employmentType: jsonLdEmploymentType(job.type),
    hiringOrganization,
    ...location,
    ...(salary ? { baseSalary: salary } : {}),
    identifier: { '@type': 'PropertyValue', name: job.company, value: String(job.id) },
    directApply: false,
    url: jobUrl(publicUrl, job.slug),
    industry: job.industry,
    ...(job.skills.length ? { skills: job.skills.join(', ') } : {}),
  };
}

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbJsonLd(crumbs: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org/',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}
