/**
 * Reads of the jobs read model (projections/src/jobs): one indexed query per call. The feed's ids
 * come from the search index; everything else is answered from the `jobs` and `companies` tables.
 */
import type pg from 'pg';
import {
  CONTINENTS,
  EXPERIENCE_LEVELS,
  EXPERIENCE_NOT_SPECIFIED,
  SALARY_PERIODS,
  toCardJob,
  type Eligibility,
  type PublicCardJob,
  type PublicJob,
  type PublicSalaryRange,
  type SalaryPeriod,
} from '@jobs/contracts';
import { ATS_NAMES, type AtsKind } from '@jobs/contracts/ats';
import { jobExcerpt, MIN_DESCRIPTION_LENGTH } from '@jobs/contracts/description-text';
import { companySlug } from '@jobs/projections/jobs/index';
import { listingFields, type ListingColumns } from './listing-fields';

/** Jobs per page of the feed and of a company's jobs (the spec leaves the size to the server). */
export const PAGE_SIZE = 20;
/** At most this many similar jobs. */
export const SIMILAR_LIMIT = 6;

/** A job as the API answers it: the spec's Job plus the feed excerpt. */
export type ApiJob = PublicJob & { excerpt: string };

interface JobRow extends ListingColumns {
  job_id: string;
  public_id: number;
  slug: string;
  company_description: string | null;
  company_website: string | null;
  company_size: string | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: string | null;
  salary_min_usd: number | null;
  salary_max_usd: number | null;
  skills: string[];
  description: string;
  excerpt: string;
  date_posted: Date;
  application_url: string;
  source_url: string | null;
  continent: PublicJob['continent'];
  country: string | null;
  eligibility: Eligibility | null;
  last_confirmed_at: Date | null;
  valid_through: Date | null;
  ats_kind: string | null;
  source_name: string | null;
}

/**
 * Who confirms the job (`confirmedBy`): the ATS of an ATS source (its jobs are posted as the ingestion
 * source of the same id), else the ingestion source's name. Unqualified `source` is the outer jobs row
 * (neither table has such a column), so the columns work under any alias of `jobs`.
 */
const CONFIRMED_BY_COLUMNS = `coalesce(last_confirmed_at, updated_at) as last_confirmed_at, valid_through,
  (select a.kind from ats_sources a where a.ingestion_source_id = source limit 1) as ats_kind,
  (select s.name from ingestion_sources s where s.id = source) as source_name`;

const JOB_COLUMNS = `job_id, public_id, slug, title, company, company_logo, company_description, company_website,
  company_size, location, is_remote, is_hybrid, type, experience_level, industry, salary, salary_min, salary_max,
  salary_currency, salary_period, salary_min_usd, salary_max_usd, skills, description, excerpt,
  date_posted, application_url, source_url, continent, country, eligibility, ${CONFIRMED_BY_COLUMNS}`;

/**
 * What a card shows (contracts' CARD_JOB_FIELDS) and what its excerpt needs: the job page's similar jobs, read
 * without their descriptions, skills, company profiles or URLs (issue 23 §6: six whole rows were most of the
 * page's PostgreSQL answer). The company description only when the excerpt is too short to show (jobExcerpt's
 * fallback; char_length ≤ JavaScript's length, so it is there whenever jobExcerpt may use it).
 */
const CARD_COLUMNS = `job_id, public_id, slug, title, company, company_logo, location, is_remote, is_hybrid, type,
  experience_level, industry, salary, excerpt,
  case when char_length(excerpt) < ${MIN_DESCRIPTION_LENGTH} then company_description end as company_description,
  date_posted, continent, country, eligibility, ${CONFIRMED_BY_COLUMNS}`;

type CardRow = Pick<
  JobRow,
  | 'job_id'
  | 'public_id'
  | 'slug'
  | 'title'
  | 'company'
  | 'company_logo'
  | 'location'
  | 'is_remote'
  | 'is_hybrid'
  | 'type'
  | 'experience_level'
  | 'industry'
  | 'salary'
  | 'excerpt'
  | 'company_description'
  | 'date_posted'
  | 'continent'
  | 'country'
  | 'eligibility'
  | 'last_confirmed_at'
  | 'ats_kind'
  | 'source_name'
>;

/** `toCardJob(toApiJob(row))` from the card's columns alone (the same keys in the same order). */
export function toCardJobFromRow(row: CardRow): PublicCardJob {
  return {
    excerpt: jobExcerpt(row.excerpt, row.company_description),
    id: row.public_id,
    slug: row.slug,
    ...listingFields(row),
    datePosted: row.date_posted.toISOString(),
    continent: row.continent,
    country: row.country,
    eligibility: row.eligibility ?? null,
    lastConfirmedAt: row.last_confirmed_at ? row.last_confirmed_at.toISOString() : null,
    confirmedBy: confirmedBy(row),
  };
}

function confirmedBy(row: Pick<JobRow, 'ats_kind' | 'source_name'>): PublicJob['confirmedBy'] {
  if (row.ats_kind && row.ats_kind in ATS_NAMES)
    return { kind: 'ats', name: ATS_NAMES[row.ats_kind as AtsKind] };
  if (row.source_name) return { kind: 'source', name: row.source_name };
  return null;
}

/**
 * The salary as numbers when the posting states an amount: its own currency and period (the read model fills in
 * USD and a period guessed from the amount when the posting names none), and the USD-per-year bounds the salary
 * filter compares (contracts' currency-rates.ts).
 */
export function salaryRangeOf(
  row: Pick<
    JobRow,
    'salary_min' | 'salary_max' | 'salary_currency' | 'salary_period' | 'salary_min_usd' | 'salary_max_usd'
  >,
): PublicSalaryRange | null {
  if (row.salary_min === null && row.salary_max === null) return null;
  const period = (SALARY_PERIODS as readonly string[]).includes(row.salary_period ?? '')
    ? (row.salary_period as SalaryPeriod)
    : 'YEAR';
  return {
    period,
    currency: (row.salary_currency ?? 'USD').toUpperCase(),
    min: row.salary_min,
    max: row.salary_max,
    usdPerYearMin: row.salary_min_usd ?? row.salary_max_usd,
    usdPerYearMax: row.salary_max_usd ?? row.salary_min_usd,
  };
}

export function toApiJob(row: JobRow): ApiJob {
  return {
    id: row.public_id,
    slug: row.slug,
    title: row.title,
    company: row.company,
    companyLogo: row.company_logo,
    companyDescription: row.company_description,
    companyWebsite: row.company_website,
    companySize: row.company_size,
    location: row.location,
    isRemote: row.is_remote,
    isHybrid: row.is_hybrid,
    type: row.type,
    experienceLevel: row.experience_level,
    industry: row.industry,
    salary: row.salary,
    skills: row.skills,
    description: row.description,
    datePosted: row.date_posted.toISOString(),
    applicationUrl: row.application_url,
    sourceUrl: row.source_url,
    continent: row.continent,
    country: row.country,
    eligibility: row.eligibility ?? null,
    lastConfirmedAt: row.last_confirmed_at ? row.last_confirmed_at.toISOString() : null,
    confirmedBy: confirmedBy(row),
    validThrough: row.valid_through ? row.valid_through.toISOString() : null,
    salaryRange: salaryRangeOf(row),
    excerpt: jobExcerpt(row.excerpt, row.company_description),
  };
}

/** What a feed card shows of a job (GET /api/jobs?fields=card): the contracts' card fields and the excerpt. */
export type CardJob = PublicCardJob;
export { toCardJob };

/** Live jobs by id, in the order of `ids` (a search result page); ids of removed or unknown jobs are skipped. */
export async function loadLiveJobs(pool: pg.Pool, ids: readonly string[]): Promise<ApiJob[]> {
  if (!ids.length) return [];
  const { rows } = await pool.query<JobRow>(
    `select ${JOB_COLUMNS} from jobs where job_id = any($1::uuid[]) and status = 'live'`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.job_id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toApiJob(row)] : [];
  });
}

export interface JobLookup {
  jobId: string;
  revision: number;
  status: 'live' | 'removed';
  removalReason: string | null;
  removedAt: string | null;
  job: ApiJob;
}

/** A numeric identifier is the public id, anything else the slug. */
export async function findJob(pool: pg.Pool, identifier: string): Promise<JobLookup | null> {
  const { rows } = await pool.query<JobLookupRow>(
    `select ${JOB_COLUMNS}, revision, status, removal_reason, removed_at from jobs where ${jobWhere(identifier)}
     order by posted_at, job_id limit 1`,
    [identifier],
  );
  return rows[0] ? toJobLookup(rows[0]) : null;
}

type JobLookupRow = JobRow & {
  revision: number;
  status: 'live' | 'removed';
  removal_reason: string | null;
  removed_at: Date | null;
};

const jobWhere = (identifier: string) =>
  /^[1-9][0-9]{0,15}$/.test(identifier) ? 'public_id = $1::bigint' : 'slug = $1';

function toJobLookup(row: JobLookupRow): JobLookup {
  return {
    jobId: row.job_id,
    revision: row.revision,
    status: row.status,
    removalReason: row.removal_reason,
    removedAt: row.removed_at ? row.removed_at.toISOString() : null,
    job: toApiJob(row),
  };
}

/**
 * `findJob` and `findCompany(job.company)` in one round trip (the job page's first query): the company row is
 * found the way findCompany finds it (the jobs row's company_slug is companySlug(company)), and is null for a
 * removed job (its page shows no company).
 */
export async function findJobWithCompany(
  pool: pg.Pool,
  identifier: string,
): Promise<(JobLookup & { company: CompanyDetails | null }) | null> {
  const where = jobWhere(identifier);
  const { rows } = await pool.query<
    JobLookupRow & { [K in keyof CompanyRow as `co_${K}`]: CompanyRow[K] | null }
  >({
    // Named: parsed once per connection (every job page asks it).
    name: `job-with-company-${where.startsWith('public_id') ? 'id' : 'slug'}`,
    text: `select j.*, co.name as co_name, co.slug as co_slug, co.description as co_description,
            co.description_source as co_description_source, co.size as co_size, co.founded as co_founded,
            co.website as co_website, co.logo as co_logo, co.live_job_count as co_live_job_count,
            co.industry as co_industry
     from (select ${JOB_COLUMNS}, company_slug, revision, status, removal_reason, removed_at from jobs
           where ${where} order by posted_at, job_id limit 1) j
     left join lateral (${COMPANY_SELECT}
       where j.status = 'live' and (lower(name) = lower(j.company) or slug = j.company or slug = j.company_slug)
       ${companyOrder('j.company')}) co on true`,
    values: [identifier],
  });
  const row = rows[0];
  if (!row) return null;
  const company =
    row.co_slug === null
      ? null
      : toCompanyDetails({
          name: row.co_name!,
          slug: row.co_slug,
          description: row.co_description,
          description_source: row.co_description_source,
          size: row.co_size,
          founded: row.co_founded,
          industry: row.co_industry,
          website: row.co_website,
          logo: row.co_logo,
          live_job_count: row.co_live_job_count!,
        });
  return { ...toJobLookup(row), company };
}

export async function countLiveJobs(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ live_jobs: number }>('select live_jobs from jobs_stats where id = 1');
  return rows[0]?.live_jobs ?? 0;
}

/**
 * Up to `limit` live jobs like this one: candidates are the newest jobs of the closest titles (trigram
 * similarity, found in the distinct-title catalogue `similar_titles`, similar/projection.ts) and the
 * newest jobs sharing a skill, each capped so the query stays cheap on a large table; they are ranked
 * by title similarity plus shared skills, then recency. Ranked first on the few columns the ranking reads,
 * then only the top `limit` rows are read whole (their `confirmedBy` lookups included): the job page asks
 * this on every view (issue 23 §6).
 */
export async function similarJobs(
  pool: pg.Pool,
  job: { jobId: string; title: string; skills: readonly string[] },
  limit = SIMILAR_LIMIT,
): Promise<ApiJob[]> {
  const { rows } = await pool.query<JobRow>(
    `${SIMILAR_RANKED} select ${JOB_COLUMNS} from ranked join jobs using (job_id) order by ranked.rank`,
    [job.jobId, job.title, job.skills, limit],
  );
  return rows.map(toApiJob);
}

/** How long a title's stored nearest titles (`similar_title_near`, similar/projection.ts) are used, seconds. */
export const NEAR_TITLES_TTL_S = 3600;

/**
 * The ranking of `similarJobs` ($1 the job's id, $2 its title, $3 its skills, $4 the limit): `ranked(job_id,
 * rank)`, read on the ranking's columns only, as the candidates are found (not read again by key). The 100 nearest titles of the job's title (trigram distance in
 * the catalogue `similar_titles`) are a read model shared by every job of the title: `similar_title_near`
 * keeps them per title, and the statement computes and stores them when the title has none (or only one older
 * than NEAR_TITLES_TTL_S, so titles added since are found): the GiST walk, 0.3-11 ms at 100,000 jobs, runs once
 * per title and hour instead of once per job (9 ms a title on average: 93 s for the 10,242 titles of the
 * 100,000-job board). `limit` is SQL: a parameter, or a whole number written in.
 */
function similarRankedSql(limit = '$4'): string {
  return `near_stored as (
       select near from similar_title_near
        where title = lower($2) and computed_at > now() - make_interval(secs => ${NEAR_TITLES_TTL_S})),
     near_computed as (
       select array(select title from similar_titles where title % lower($2)
                    order by title <-> lower($2) limit 100) as near
        where not exists (select 1 from near_stored)),
     near_saved as (
       insert into similar_title_near (title, near, computed_at) select lower($2), near, now() from near_computed
       on conflict (title) do update set near = excluded.near, computed_at = excluded.computed_at),
     candidates as (
       (select j.job_id, j.title, j.skills, j.date_posted
        from (select n.title, n.ord
              from (select near from near_stored union all select near from near_computed) x
              cross join lateral unnest(x.near) with ordinality n(title, ord)
              order by n.ord) near
        cross join lateral (select job_id, lower(title) as title, skills, date_posted from jobs
              where status = 'live' and lower(title) = near.title and job_id <> $1
              order by date_posted desc limit 100) j
        order by near.ord limit 100)
       union
       (select job_id, lower(title), skills, date_posted from jobs
        where status = 'live' and skills && $3::text[] and job_id <> $1
        order by date_posted desc limit 100)
     ),
     ranked as (
       select c.job_id,
              row_number() over (
                order by similarity(c.title, lower($2))
                           + 0.15 * least(5, (select count(distinct s) from unnest(c.skills) s where s = any($3::text[]))) desc,
                         c.date_posted desc, c.job_id) as rank
       from candidates c
       order by rank limit ${limit}
     )`;
}

const SIMILAR_RANKED = `with ${similarRankedSql()}`;

/** The ids of `similarJobs`, best first: the ranking alone, no row read whole (the stored lists, similar/). */
export async function similarJobIds(
  pool: pg.Pool,
  job: { jobId: string; title: string; skills: readonly string[] },
  limit = SIMILAR_LIMIT,
): Promise<string[]> {
  const { rows } = await pool.query<{ job_id: string }>(
    `${SIMILAR_RANKED} select job_id from ranked order by rank`,
    [job.jobId, job.title, job.skills, limit],
  );
  return rows.map((r) => r.job_id);
}

/**
 * The job page's similar jobs (jobs/similar/stored.ts says when a stored list is used): the job's stored list
 * for this revision, computed within the last `freshSeconds`, when at least `limit` of its jobs are still live
 * or none of it has gone (one small statement, named: its plan is the same whatever the job); otherwise one
 * statement ranks (`similarRankedSql`, its best `stored` ids), stores the ids as the job's list (unless a list
 * of a later revision is there) and reads its best jobs. The `limit` jobs shown only, as cards (CARD_COLUMNS).
 */
export async function similarForJobPage(
  pool: pg.Pool,
  job: { jobId: string; revision: number; title: string; skills: readonly string[] },
  options: { limit: number; stored: number; freshSeconds: number },
): Promise<PublicCardJob[]> {
  const limit = Math.trunc(options.limit);
  const fresh = Math.trunc(options.freshSeconds);
  const stored = await pool.query<
    { stored: number | null; live_count: number } & (CardRow | { job_id: null })
  >({
    name: `stored-similar-cards-${limit}-${fresh}`,
    text: `with sl as (
       select similar_ids from similar_jobs
        where job_id = $1 and revision = $2 and computed_at > now() - make_interval(secs => ${fresh})),
     live as (
       select w.job_id, w.n from sl cross join lateral unnest(sl.similar_ids) with ordinality w(job_id, n)
       join jobs j on j.job_id = w.job_id and j.status = 'live')
     select (select cardinality(similar_ids) from sl) as stored, (select count(*) from live)::int as live_count, j.*
     from (select 1) one
     left join lateral (select ${CARD_COLUMNS}, shown.n from (select * from live order by n limit ${limit}) shown
                        join jobs using (job_id)) j on true
     order by j.n`,
    values: [job.jobId, job.revision],
  });
  const first = stored.rows[0];
  // Enough still live, or the list was short to begin with and none of it has gone.
  if (first && first.stored !== null && (first.live_count >= limit || first.live_count === first.stored))
    return stored.rows.flatMap((r) => (r.job_id === null ? [] : [toCardJobFromRow(r as CardRow)]));

  // Not a named statement, though parsing it costs ~1 ms of PostgreSQL's CPU: after five runs PostgreSQL may
  // switch a named statement to a generic plan, and this one's (the skills branch by the GIN index, every job
  // sharing a skill read and sorted) took 26-30 ms a page at 100,000 jobs against 6-7 ms custom-planned.
  const { rows } = await pool.query<CardRow>(
    `with ${similarRankedSql(String(Math.trunc(options.stored)))},
     saved as (
       insert into similar_jobs (job_id, revision, similar_ids, computed_at)
       select $1, $4, coalesce(array_agg(job_id order by rank), '{}'), now() from ranked
       on conflict (job_id) do update set revision = excluded.revision, similar_ids = excluded.similar_ids,
         computed_at = excluded.computed_at
       where similar_jobs.revision <= excluded.revision)
     select ${CARD_COLUMNS} from (select * from ranked order by rank limit ${limit}) shown
     join jobs using (job_id) order by shown.rank`,
    [job.jobId, job.title, job.skills, job.revision],
  );
  return rows.map(toCardJobFromRow);
}

export interface CompanyDetails {
  name: string;
  slug: string;
  description: string | null;
  descriptionSource: string | null;
  size: string | null;
  founded: number | null;
  industry: string | null;
  website: string | null;
  logo: string | null;
  openJobs: number;
}

interface CompanyRow {
  name: string;
  slug: string;
  description: string | null;
  description_source: string | null;
  size: string | null;
  founded: number | null;
  industry: string | null;
  website: string | null;
  logo: string | null;
  live_job_count: number;
}

// A profile without an industry shows the one its jobs have (most of them), as the job page's Company tab does.
const COMPANY_SELECT = `select name, slug, description, description_source, size, founded, website, logo, live_job_count,
            coalesce(industry, (select j.industry from jobs j where j.company_slug = c.slug
                                 group by j.industry order by count(*) filter (where j.status = 'live') desc,
                                          count(*) desc, j.industry limit 1)) as industry
     from companies c`;
/** The best match first: the exact name, then the company with the most live jobs. */
const companyOrder = (name: string) =>
  `order by (lower(name) = lower(${name})) desc, live_job_count desc, slug limit 1`;

function toCompanyDetails(row: CompanyRow): CompanyDetails {
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    descriptionSource: row.description_source,
    size: row.size,
    founded: row.founded,
    industry: row.industry,
    website: row.website,
    logo: row.logo,
    openJobs: row.live_job_count,
  };
}

/** A company by name (case-insensitive) or slug. */
export async function findCompany(pool: pg.Pool, nameOrSlug: string): Promise<CompanyDetails | null> {
  const { rows } = await pool.query<CompanyRow>(
    `${COMPANY_SELECT} where lower(name) = lower($1) or slug = $1 or slug = $2 ${companyOrder('$1')}`,
    [nameOrSlug, companySlug(nameOrSlug)],
  );
  return rows[0] ? toCompanyDetails(rows[0]) : null;
}

export interface Page<T> {
  data: T[];
  page: number;
  totalPages: number;
  totalJobs: number;
}

export function pageOf<T>(data: T[], page: number, total: number, pageSize = PAGE_SIZE): Page<T> {
  return { data, page, totalPages: Math.ceil(total / pageSize), totalJobs: total };
}

/** A company's live jobs, newest first. */
export async function companyJobs(
  pool: pg.Pool,
  company: CompanyDetails,
  page: number,
): Promise<Page<ApiJob>> {
  const { rows } = await pool.query<JobRow>(
    `select ${JOB_COLUMNS} from jobs where company_slug = $1 and status = 'live'
     order by date_posted desc, job_id limit $2 offset $3`,
    [company.slug, PAGE_SIZE, (page - 1) * PAGE_SIZE],
  );
  return pageOf(rows.map(toApiJob), page, company.openJobs);
}

export interface FilterOptions {
  experienceLevels: string[];
  /** Continent → place names (country names) of live jobs, most jobs first. */
  locationsByContinent: Record<string, string[]>;
}

const LEVEL_ORDER = new Map<string, number>(EXPERIENCE_LEVELS.map((level, i) => [level, i]));
const CONTINENT_ORDER = new Map<string, number>(CONTINENTS.map((c, i) => [c, i]));

function byKnownOrder(order: Map<string, number>) {
  return (a: string, b: string) =>
    (order.get(a) ?? order.size) - (order.get(b) ?? order.size) || a.localeCompare(b);
}

/** The filter menu's options among live jobs: two index-only scans. */
export async function filterOptions(pool: pg.Pool): Promise<FilterOptions> {
  const [levels, places] = await Promise.all([
    pool.query<{ experience_level: string }>(
      `select experience_level from jobs where status = 'live' group by experience_level`,
    ),
    pool.query<{ continent: string; country_name: string | null; jobs: number }>(
      `select continent, country_name, count(*)::int as jobs from jobs
       where status = 'live' and continent is not null
       group by continent, country_name order by jobs desc, country_name`,
    ),
  ]);
  // 'Not specified' is what "Any Level" already covers: not an option to pick.
  const experienceLevels = levels.rows
    .map((r) => r.experience_level)
    .filter((level) => level !== EXPERIENCE_NOT_SPECIFIED)
    .sort(byKnownOrder(LEVEL_ORDER));
  const continents = [...new Set(places.rows.map((r) => r.continent))].sort(byKnownOrder(CONTINENT_ORDER));
  const locationsByContinent: Record<string, string[]> = {};
  for (const continent of continents) locationsByContinent[continent] = [];
  for (const row of places.rows)
    if (row.country_name) locationsByContinent[row.continent]!.push(row.country_name);
  return { experienceLevels, locationsByContinent };
}

export interface CompanySummary {
  name: string;
  slug: string;
  industry: string | null;
  size: string | null;
  website: string | null;
  openJobs: number;
}

/**
 * Companies with live jobs whose name contains `text` (case-insensitive; every company with live jobs when
 * `text` is empty), most open jobs first; at most `limit`, after skipping `offset`.
 */
export async function searchCompanies(
  pool: pg.Pool,
  input: { text: string; limit: number; offset: number },
): Promise<{ companies: CompanySummary[]; total: number }> {
  const pattern = `%${input.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query<{
    name: string;
    slug: string;
    industry: string | null;
    size: string | null;
    website: string | null;
    live_job_count: number;
    total: number;
  }>(
    `select name, slug, industry, size, website, live_job_count, count(*) over ()::int as total
     from companies where live_job_count > 0 and lower(name) like $1
     order by live_job_count desc, name, slug limit $2 offset $3`,
    [pattern, input.limit, input.offset],
  );
  return {
    total: rows[0]?.total ?? 0,
    companies: rows.map((r) => ({
      name: r.name,
      slug: r.slug,
      industry: r.industry,
      size: r.size,
      website: r.website,
      openJobs: r.live_job_count,
    })),
  };
}
