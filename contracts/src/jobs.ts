/**
 * Jobs: the normalised job content, the job and company events, what ingestion bots send,
 * and the public Job shape the API answers (product spec section 3).
 */
import { z } from 'zod';
import { EXPERIENCE_NOT_SPECIFIED } from './experience';
import { Eligibility } from './where';
import { JobMerged, JobUnmerged } from './duplicates';

// ---------------------------------------------------------------------------------------------
// Shared vocabularies
// ---------------------------------------------------------------------------------------------

export const WORKPLACES = ['remote', 'hybrid', 'on-site'] as const;
export const Workplace = z.enum(WORKPLACES);
export type Workplace = z.infer<typeof Workplace>;

export const CONTINENTS = ['North America', 'South America', 'Europe', 'Asia', 'Africa', 'Oceania'] as const;
export const Continent = z.enum(CONTINENTS);
export type Continent = z.infer<typeof Continent>;

export const SALARY_PERIODS = ['YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR'] as const;
export const SalaryPeriod = z.enum(SALARY_PERIODS);
export type SalaryPeriod = z.infer<typeof SalaryPeriod>;

/**
 * 'Not specified': neither the ATS nor the title or description states a level. A job never gets an
 * invented one; the filter menu leaves this value out (it is what "Any Level" already covers).
 */
export { EXPERIENCE_NOT_SPECIFIED };

/** Experience levels the normaliser assigns; the alert form offers the first three (spec section 5). */
export const EXPERIENCE_LEVELS = [
  'Entry',
  'Mid-level',
  'Senior',
  'Lead',
  'Executive',
  EXPERIENCE_NOT_SPECIFIED,
] as const;
export const ExperienceLevel = z.enum(EXPERIENCE_LEVELS);
export type ExperienceLevel = z.infer<typeof ExperienceLevel>;

/** The levels a visitor can pick in the feed's filter (every level but 'Not specified'). */
export const STATED_EXPERIENCE_LEVELS = EXPERIENCE_LEVELS.filter(
  (level): level is Exclude<ExperienceLevel, typeof EXPERIENCE_NOT_SPECIFIED> =>
    level !== EXPERIENCE_NOT_SPECIFIED,
);

/**
 * Employment type labels. The spec's mapping (Full Time, Part Time, Contract, Temporary, Internship,
 * Volunteer) plus the filter's options (12-month Contract, 6-month Contract, Freelance and the two
 * program types, which we name Internship and Apprenticeship).
 */
export const EMPLOYMENT_TYPES = [
  'Full Time',
  'Part Time',
  'Contract',
  '12-month Contract',
  '6-month Contract',
  'Freelance',
  'Temporary',
  'Internship',
  'Apprenticeship',
  'Volunteer',
] as const;
export const EmploymentType = z.enum(EMPLOYMENT_TYPES);
export type EmploymentType = z.infer<typeof EmploymentType>;

/** The feed filter's Job Type options (spec section 5). */
export const JOB_TYPE_FILTER_OPTIONS = [
  'Full Time',
  'Contract',
  '12-month Contract',
  '6-month Contract',
  'Freelance',
  'Internship',
  'Apprenticeship',
] as const satisfies readonly EmploymentType[];

/** The alert form's type options (spec section 5). */
export const ALERT_TYPE_OPTIONS = ['Full Time', 'Part Time', 'Contract', 'Freelance'] as const;

/** Salary range filter values (spec section 5); bounds in USD per year live in the backend's salary module. */
export const SALARY_RANGES = ['50k-80k', '80k-120k', '120k-150k', '150k+'] as const;
export const SalaryRange = z.enum(SALARY_RANGES);
export type SalaryRange = z.infer<typeof SalaryRange>;

export const INDUSTRIES = [
  'Software Engineering',
  'Data Science & Analytics',
  'Product & Design',
  'DevOps & Infrastructure',
  'Marketing',
  'Sales',
  'Customer Support',
  'Finance',
  'HR',
  'Operations',
  'Healthcare',
  'Education',
  'Technology',
] as const;
export const Industry = z.enum(INDUSTRIES);
export type Industry = z.infer<typeof Industry>;

// ---------------------------------------------------------------------------------------------
// Normalised job content (what events carry)
// ---------------------------------------------------------------------------------------------

export const JobContent = z.object({
  title: z.string(),
  company: z.string(),
  companyLogo: z.string().nullable(),
  companyDescription: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  companySize: z.string().nullable(),
  /** The location text as shown ('Berlin, Germany', 'Remote - EMEA', 'Worldwide'). */
  location: z.string(),
  /** True for remote and hybrid jobs: the spec's Work Type filter puts both under isRemote true. */
  isRemote: z.boolean(),
  isHybrid: z.boolean(),
  workplace: Workplace,
  /** ISO 3166-1 alpha-2, or null when the location names no single country. */
  country: z.string().length(2).nullable(),
  countryName: z.string().nullable(),
  continent: Continent.nullable(),
  /**
   * Where applicants may live and work, as the posting states it (worldwide, regions, countries, a time-zone
   * range); null when it says nothing. Absent from events stored before it existed: read as unknown until
   * the job is ingested again (its content hash then changes, so the next sync appends a JobUpdated).
   */
  eligibility: Eligibility.nullable().optional(),
  type: EmploymentType,
  experienceLevel: ExperienceLevel,
  industry: Industry,
  department: z.string().nullable(),
  /** Display text ('$120,000 - $150,000 / year'), or null when unknown. */
  salary: z.string().nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  /** ISO 4217 code. */
  salaryCurrency: z.string().nullable(),
  salaryPeriod: SalaryPeriod.nullable(),
  skills: z.array(z.string()),
  /** Sanitised HTML. */
  description: z.string(),
  /** ISO 8601. */
  datePosted: z.string(),
  applicationUrl: z.string(),
  sourceUrl: z.string().nullable(),
  /**
   * ISO 8601: the source's own end of the posting (ingestion `validThrough`); absent when it gave none
   * (and on events stored before the field existed). A job from an ingestion bot expires then.
   */
  validThrough: z.string().nullable().optional(),
});
export type JobContent = z.infer<typeof JobContent>;

export const JOB_CONTENT_FIELDS = Object.keys(JobContent.shape) as (keyof JobContent)[];

// ---------------------------------------------------------------------------------------------
// Job events (stream `job-{jobId}`)
// ---------------------------------------------------------------------------------------------

export const JobPosted = z.object({
  jobId: z.string(),
  /** The public numeric id (/jobs/{id}); assigned once, here. */
  publicId: z.number().int().positive(),
  /** Assigned once, here, and never changed. */
  slug: z.string(),
  /** The ingestion source (ATS source id or 'admin'). */
  source: z.string(),
  externalId: z.string(),
  contentHash: z.string(),
  job: JobContent,
});
export type JobPosted = z.infer<typeof JobPosted>;

export const JobUpdated = z.object({
  jobId: z.string(),
  contentHash: z.string(),
  job: JobContent,
  /** Names of the JobContent fields that changed. */
  changed: z.array(z.string()),
});
export type JobUpdated = z.infer<typeof JobUpdated>;

export const JobRemoved = z.object({
  jobId: z.string(),
  reason: z.string(),
  /** ISO 8601. */
  removedAt: z.string(),
});
export type JobRemoved = z.infer<typeof JobRemoved>;

export const JobReposted = z.object({
  jobId: z.string(),
  contentHash: z.string(),
  job: JobContent,
});
export type JobReposted = z.infer<typeof JobReposted>;

/**
 * An admin's correction (e.g. of the workplace, after a visitor's report). Shaped like JobUpdated, so every
 * read model applies it the same way; `contentHash` stays the ATS content's, and the job state keeps the
 * corrected fields over later ingestion (features/jobs/job.ts).
 */
export const JobCorrected = JobUpdated.extend({
  /** The corrected fields and their new values. */
  corrections: z.object({ workplace: Workplace }).partial(),
});
export type JobCorrected = z.infer<typeof JobCorrected>;

/**
 * Its source sent the job again, unchanged (docs/ingestion.md, "Confirmation and expiry"). Appended by
 * ingestion only when the job's last posting or confirmation is older than CONFIRM_AFTER_HOURS, so a bot
 * re-sending its whole board every few minutes costs at most one event per job per that many hours.
 */
export const JobConfirmed = z.object({
  jobId: z.string(),
  /** ISO 8601. */
  confirmedAt: z.string(),
});
export type JobConfirmed = z.infer<typeof JobConfirmed>;

/** An unchanged job is confirmed again (JobConfirmed) at most once in this many hours. */
export const CONFIRM_AFTER_HOURS = 12;
/** A job of an ingestion bot (no ATS source behind it) not posted or confirmed for this long expires. */
export const EXPIRE_AFTER_DAYS = 30;
/** The removal reason of an expired job (its 410 says so). */
export const EXPIRED_REASON = 'Expired';

export const JOB_EVENT_TYPES = [
  'JobPosted',
  'JobUpdated',
  'JobRemoved',
  'JobReposted',
  'JobCorrected',
  'JobConfirmed',
  'JobMerged',
  'JobUnmerged',
] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];

export type JobEvent =
  | { type: 'JobPosted'; data: JobPosted }
  | { type: 'JobUpdated'; data: JobUpdated }
  | { type: 'JobRemoved'; data: JobRemoved }
  | { type: 'JobReposted'; data: JobReposted }
  | { type: 'JobCorrected'; data: JobCorrected }
  | { type: 'JobConfirmed'; data: JobConfirmed }
  | { type: 'JobMerged'; data: JobMerged }
  | { type: 'JobUnmerged'; data: JobUnmerged };

export const JobEventSchemas = {
  JobPosted,
  JobUpdated,
  JobRemoved,
  JobReposted,
  JobCorrected,
  JobConfirmed,
  JobMerged,
  JobUnmerged,
} as const satisfies Record<JobEventType, z.ZodType>;

// ---------------------------------------------------------------------------------------------
// Company events (stream `company-{slug}`)
// ---------------------------------------------------------------------------------------------

export const DESCRIPTION_SOURCES = ['company', 'ats', 'generated'] as const;
export const DescriptionSource = z.enum(DESCRIPTION_SOURCES);
export type DescriptionSource = z.infer<typeof DescriptionSource>;

export const CompanyProfile = z.object({
  company: z.string(),
  description: z.string().nullable(),
  size: z.string().nullable(),
  /** Year founded. */
  founded: z.number().int().nullable(),
  industry: z.string().nullable(),
  website: z.string().nullable(),
  logo: z.string().nullable(),
  /** Where the description came from; 'generated' shows the 'AI Generated' badge. */
  descriptionSource: DescriptionSource,
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

/** The profile fields a source or an admin may set (issue 24 §2). */
export const COMPANY_PROFILE_FIELDS = [
  'description',
  'size',
  'founded',
  'industry',
  'website',
  'logo',
] as const;
export type CompanyProfileField = (typeof COMPANY_PROFILE_FIELDS)[number];

export const CompanyProfileUpdated = CompanyProfile.extend({
  companySlug: z.string(),
  /**
   * Who made this change (issue 24 §2): 'admin', an ingestion source id, or 'seed'. Absent on events from
   * before it was recorded.
   */
  changedBy: z.string().optional(),
  /** Who set each field as it stands now. */
  fieldSources: z.record(z.string(), z.string()).optional(),
  /** Fields the company's own profile set (an admin, or its configured ATS board): other sources keep off. */
  owned: z.array(z.string()).optional(),
  /** An admin's undo: the id of the event whose changes this one takes back. */
  undoOf: z.string().optional(),
});
export type CompanyProfileUpdated = z.infer<typeof CompanyProfileUpdated>;

export const COMPANY_EVENT_TYPES = ['CompanyProfileUpdated'] as const;
export type CompanyEventType = (typeof COMPANY_EVENT_TYPES)[number];
export type CompanyEvent = { type: 'CompanyProfileUpdated'; data: CompanyProfileUpdated };

// ---------------------------------------------------------------------------------------------
// Ingestion API (POST /api/ingest/jobs): what bots send
// ---------------------------------------------------------------------------------------------

export const MAX_INGEST_BATCH = 1000;
export const MAX_DESCRIPTION_BYTES = 200 * 1024;

const httpUrl = z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' });
const optionalText = (max: number) => z.string().trim().max(max).nullish();
const utf8 = new TextEncoder();

const ExternalId = z.string().trim().min(1).max(200);

export const IngestItemPosted = z.object({
  action: z.enum(['posted', 'updated']),
  externalId: ExternalId,
  title: z.string().trim().min(1).max(300),
  company: z.string().trim().min(1).max(200),
  /** A full URL, or a file name served from the company-logos path. */
  companyLogo: optionalText(2000),
  companyDescription: optionalText(20_000),
  companyWebsite: optionalText(2000),
  companySize: optionalText(100),
  location: optionalText(300),
  /**
   * ISO 3166-1 alpha-2 codes the ATS states for the job's locations (Lever `country`, Ashby
   * `addressCountry`, Workable `countryCode`, SmartRecruiters `location.country`, Recruitee
   * `country_code`), most relevant first. They fill in the country only when the location text names
   * no place; they never override it.
   */
  countries: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Must be an ISO 3166-1 alpha-2 country code'),
    )
    .max(50)
    .nullish(),
  /** From the ATS when it knows (Lever workplaceType, Ashby isRemote, Recruitee flags...). */
  workplace: Workplace.nullish(),
  employmentType: optionalText(100),
  experienceLevel: optionalText(100),
  industry: optionalText(100),
  department: optionalText(200),
  /** Free salary text ('$120k - $150k'); or the structured fields below. */
  salary: optionalText(200),
  salaryMin: z.number().nonnegative().nullish(),
  salaryMax: z.number().nonnegative().nullish(),
  salaryCurrency: optionalText(10),
  /** YEAR, MONTH, WEEK, DAY, HOUR, or the ATS's wording ('per-year-salary', '1 YEAR', 'hourly'). */
  salaryPeriod: optionalText(40),
  skills: z.array(z.string().trim().min(1).max(60)).max(100).nullish(),
  descriptionHtml: z
    .string()
    .min(1)
    .max(MAX_DESCRIPTION_BYTES)
    .refine((html) => utf8.encode(html).length <= MAX_DESCRIPTION_BYTES, {
      message: `Must be at most ${MAX_DESCRIPTION_BYTES} bytes`,
    }),
  /** ISO 8601 date-time or date; defaults to the time of ingestion. */
  datePosted: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullish(),
  applicationUrl: httpUrl,
  sourceUrl: httpUrl.nullish(),
  /** ISO 8601 date-time or date: the posting ends then (the job expires: 410 'Expired'). */
  validThrough: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).nullish(),
});
export type IngestItemPosted = z.infer<typeof IngestItemPosted>;

export const IngestItemClosed = z.object({
  action: z.literal('closed'),
  externalId: ExternalId,
  reason: optionalText(500),
});
export type IngestItemClosed = z.infer<typeof IngestItemClosed>;

export const IngestItem = z.discriminatedUnion('action', [IngestItemPosted, IngestItemClosed]);
export type IngestItem = z.infer<typeof IngestItem>;

/**
 * The batch body. Items are parsed one by one by the route (a bad item is rejected alone), so the
 * batch schema only checks the envelope; the route answers 413 over MAX_INGEST_BATCH items.
 */
export const IngestBatch = z.object({ items: z.array(z.unknown()) });
export type IngestBatch = z.infer<typeof IngestBatch>;

export interface IngestError {
  path: string;
  message: string;
}

export type IngestOutcome =
  | {
      index: number;
      externalId: string;
      status: 'created' | 'updated' | 'unchanged' | 'removed' | 'reposted';
      /** The public numeric id and slug, when the job exists. */
      id?: number;
      slug?: string;
    }
  | {
      index: number;
      externalId: string;
      /**
       * Created, and found to be a copy of a job already on the board (docs/duplicates.md): it is kept under
       * that job, whose id and slug `mergedInto` gives; `id` and `slug` (this item's own) redirect there.
       */
      status: 'merged';
      id?: number;
      slug?: string;
      mergedInto: { id: number; slug: string };
    }
  | { index: number; externalId: string | null; status: 'rejected'; errors: IngestError[] };

export interface IngestResponse {
  results: IngestOutcome[];
}

/** zod issues as the ingestion API reports them. */
export function ingestErrors(error: z.ZodError): IngestError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

// ---------------------------------------------------------------------------------------------
// The public Job (GET /api/jobs, /api/jobs/{identifier})
// ---------------------------------------------------------------------------------------------

/**
 * A posting's salary as numbers: the amounts in the posting's own currency and period (min or max may be
 * missing when only one bound is stated), and both bounds in US dollars per year, approximate (the one rate
 * table, currency-rates.ts), null when the currency has no rate there.
 */
export const PublicSalaryRange = z.object({
  period: SalaryPeriod,
  /** ISO 4217 code, as the posting states it ('EUR', 'KES'). */
  currency: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  usdPerYearMin: z.number().nullable(),
  usdPerYearMax: z.number().nullable(),
});
export type PublicSalaryRange = z.infer<typeof PublicSalaryRange>;

export const PublicJob = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  company: z.string(),
  companyLogo: z.string().nullable(),
  companyDescription: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  companySize: z.string().nullable(),
  location: z.string(),
  isRemote: z.boolean(),
  isHybrid: z.boolean(),
  type: z.string(),
  experienceLevel: z.string(),
  industry: z.string(),
  salary: z.string().nullable(),
  skills: z.array(z.string()),
  description: z.string(),
  datePosted: z.string(),
  applicationUrl: z.string(),
  sourceUrl: z.string().nullable(),
  continent: Continent.nullable(),
  country: z.string().nullable(),
  /** Beyond the spec: where applicants may live and work; null when the posting says nothing. */
  eligibility: Eligibility.nullable(),
  /**
   * Beyond the spec: when the job's source last confirmed it (an ATS sync or a bot that saw it unchanged,
   * a posting or an update); absent where the answer is not built from the read model.
   */
  lastConfirmedAt: z.string().nullable().optional(),
  /** Who confirmed it: the ATS ('Greenhouse') or the ingestion source's name; null for the board's own jobs. */
  confirmedBy: z
    .object({ kind: z.enum(['ats', 'source']), name: z.string() })
    .nullable()
    .optional(),
  /** Beyond the spec: the source's own end of the posting, when it gave one. */
  validThrough: z.string().nullable().optional(),
  /**
   * Beyond the spec: the salary as numbers, when the posting states an amount; absent where the answer is not
   * built from the read model.
   */
  salaryRange: PublicSalaryRange.nullable().optional(),
});
export type PublicJob = z.infer<typeof PublicJob>;

/**
 * Beyond the spec: what a feed card shows of a job (GET /api/jobs?fields=card, the site's feed, the home page's
 * server render): no description, skills, company profile, application or source URLs. The API adds the
 * server-made `excerpt`. One list for the server's answer, the OpenAPI document and the site's types.
 */
export const CARD_JOB_FIELDS = [
  'id',
  'slug',
  'title',
  'company',
  'companyLogo',
  'location',
  'isRemote',
  'isHybrid',
  'type',
  'experienceLevel',
  'industry',
  'salary',
  'datePosted',
  'continent',
  'country',
  'eligibility',
  'lastConfirmedAt',
  'confirmedBy',
] as const satisfies readonly (keyof PublicJob)[];
export type CardJobField = (typeof CARD_JOB_FIELDS)[number];
/** A card-sized job as the API answers it (`fields=card`). */
export type PublicCardJob = Pick<PublicJob, CardJobField> & { excerpt: string };

/** The card-sized view of a full job (its excerpt included). */
export function toCardJob(job: PublicJob & { excerpt: string }): PublicCardJob {
  const card = { excerpt: job.excerpt } as Record<string, unknown>;
  for (const field of CARD_JOB_FIELDS) card[field] = job[field] ?? null;
  // Every CARD_JOB_FIELDS key and the excerpt were copied just above.
  return card as PublicCardJob;
}

export function toPublicJob(publicId: number, slug: string, job: JobContent): PublicJob {
  return {
    id: publicId,
    slug,
    title: job.title,
    company: job.company,
    companyLogo: job.companyLogo,
    companyDescription: job.companyDescription,
    companyWebsite: job.companyWebsite,
    companySize: job.companySize,
    location: job.location,
    isRemote: job.isRemote,
    isHybrid: job.isHybrid,
    type: job.type,
    experienceLevel: job.experienceLevel,
    industry: job.industry,
    salary: job.salary,
    skills: job.skills,
    description: job.description,
    datePosted: job.datePosted,
    applicationUrl: job.applicationUrl,
    sourceUrl: job.sourceUrl,
    continent: job.continent,
    country: job.country,
    eligibility: job.eligibility ?? null,
  };
}

/** The body of a 410 for a removed job. */
export interface JobGone {
  reason: string;
  removedAt: string;
}

// ---------------------------------------------------------------------------------------------
// Company slug: the `company-{slug}` stream and the company read model must agree on it
// ---------------------------------------------------------------------------------------------

// Zod-free, so the public site can build company links with it (./company-slug).
export { companySlug } from './company-slug';
