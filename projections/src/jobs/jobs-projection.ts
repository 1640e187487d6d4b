import type pg from 'pg';
import type {
  CompanyProfileUpdated,
  JobContent,
  JobPosted,
  JobRemoved,
  JobReposted,
  JobUpdated,
  JobConfirmed,
  RecordedEvent,
} from '@jobs/contracts';
import type { AtsSyncRecorded } from '@jobs/contracts/ats';
import type { SqlProjection } from '../projection';
import { copyRows, type CopyColumn } from '../copy';
import { companySlug, excerptOf } from './text';
import { toUsdPerYear } from './salary';

export const JOBS_PROJECTION = 'jobs';

/**
 * The public read side of jobs, in one projection because its tables move together in one transaction:
 * - `jobs`: one row per job (every field of the spec's Job plus status, removal and bookkeeping);
 * - `companies`: one row per company, the profile from CompanyProfileUpdated or, until one exists, from
 *   its jobs' company fields, plus live and total job counts;
 * - `jobs_stats`: the live job count (GET /api/jobs/count answers from one row).
 * Every jobs row keeps the stream revision it has applied, so a replayed event is skipped.
 */
const MIGRATIONS = [
  `create extension if not exists pg_trgm`,
  `create table if not exists jobs (
     job_id uuid primary key,
     public_id bigint not null,
     slug text not null,
     source text not null,
     external_id text not null,
     content_hash text not null,
     title text not null,
     company text not null,
     company_slug text not null,
     company_logo text,
     company_description text,
     company_website text,
     company_size text,
     location text not null,
     is_remote boolean not null,
     is_hybrid boolean not null,
     workplace text not null,
     country text,
     country_name text,
     continent text,
     type text not null,
     experience_level text not null,
     industry text not null,
     department text,
     salary text,
     salary_min double precision,
     salary_max double precision,
     salary_currency text,
     salary_period text,
     salary_min_usd double precision,
     salary_max_usd double precision,
     skills text[] not null,
     description text not null,
     excerpt text not null,
     date_posted timestamptz not null,
     application_url text not null,
     source_url text,
     status text not null check (status in ('live', 'removed')),
     removal_reason text,
     removed_at timestamptz,
     revision integer not null,
     posted_at timestamptz not null,
     updated_at timestamptz not null
   )`,
  // Not unique: both are derived from the job id when it is posted (ARCHITECTURE.md), so two jobs could in
  // principle share one; a unique index would stop the projection there. Lookups take the first posted.
  `create index if not exists jobs_public_id on jobs (public_id, posted_at, job_id)`,
  `create index if not exists jobs_slug on jobs (slug, posted_at, job_id)`,
  // The feed fallback and company pages: live jobs newest first.
  `create index if not exists jobs_live_date on jobs (date_posted desc, job_id) where status = 'live'`,
  `create index if not exists jobs_company_live on jobs (company_slug, date_posted desc, job_id) where status = 'live'`,
  `create index if not exists jobs_source_external on jobs (source, external_id)`,
  // The sitemap index's lastmod: the newest change to a live job, without reading every row.
  `create index if not exists jobs_live_updated on jobs (updated_at desc) where status = 'live'`,
  // Similar jobs: the nearest titles by trigram distance (GiST answers 'order by <-> limit n' without
  // scoring every match, which GIN cannot when thousands of jobs share a title), and skills overlap.
  `create index if not exists jobs_title_trgm on jobs using gist (lower(title) gist_trgm_ops) where status = 'live'`,
  `create index if not exists jobs_skills on jobs using gin (skills) where status = 'live'`,
  // Similar jobs, by title: the newest live jobs of one of the nearest titles (the titles themselves are found
  // in the distinct-title catalogue, backend/src/features/jobs/similar/projection.ts).
  `create index if not exists jobs_live_title on jobs (lower(title), date_posted desc) where status = 'live'`,
  // Filter options: index-only scans over live jobs.
  `create index if not exists jobs_filter_places on jobs (continent, country_name) where status = 'live'`,
  `create index if not exists jobs_filter_experience on jobs (experience_level) where status = 'live'`,
  `create table if not exists companies (
     slug text primary key,
     name text not null,
     description text,
     description_source text,
     size text,
     founded integer,
     industry text,
     website text,
     logo text,
     has_profile boolean not null default false,
     profile_revision integer,
     live_job_count integer not null default 0,
     total_job_count integer not null default 0,
     updated_at timestamptz not null
   )`,
  `create index if not exists companies_name on companies (lower(name))`,
  `create table if not exists jobs_stats (
     id integer primary key check (id = 1),
     live_jobs integer not null
   )`,
  `insert into jobs_stats (id, live_jobs) values (1, 0) on conflict (id) do nothing`,
  // Where applicants may live and work (JobContent.eligibility); null when the posting says nothing or was
  // stored before the field existed. Added after the table, so existing databases get it too.
  `alter table jobs add column if not exists eligibility jsonb`,
  // Freshness (docs/ingestion.md, "Confirmation and expiry"): when the source last posted, changed or confirmed
  // the job (null on rows stored before the column: read as updated_at), and the source's own end of the posting.
  `alter table jobs add column if not exists last_confirmed_at timestamptz`,
  `alter table jobs add column if not exists valid_through timestamptz`,
  // The expiry sweep's candidates (a bitmap OR of the two): live jobs by last confirmation, and those with an end.
  `create index if not exists jobs_live_confirmed on jobs ((coalesce(last_confirmed_at, updated_at))) where status = 'live'`,
  `create index if not exists jobs_live_valid_through on jobs (valid_through) where status = 'live' and valid_through is not null`,
];

interface CurrentRow {
  revision: number;
  status: 'live' | 'removed';
  company_slug: string;
}

/** The columns every event carrying JobContent writes, in one fixed order. */
function contentColumns(job: JobContent): Record<string, unknown> {
  return {
    title: job.title,
    company: job.company,
    company_slug: companySlug(job.company),
    company_logo: job.companyLogo,
    company_description: job.companyDescription,
    company_website: job.companyWebsite,
    company_size: job.companySize,
    location: job.location,
    is_remote: job.isRemote,
    is_hybrid: job.isHybrid,
    workplace: job.workplace,
    country: job.country,
    country_name: job.countryName,
    continent: job.continent,
    eligibility: job.eligibility ?? null,
    type: job.type,
    experience_level: job.experienceLevel,
    industry: job.industry,
    department: job.department,
    salary: job.salary,
    salary_min: job.salaryMin,
    salary_max: job.salaryMax,
    salary_currency: job.salaryCurrency,
    salary_period: job.salaryPeriod,
    salary_min_usd: toUsdPerYear(job.salaryMin, job.salaryCurrency, job.salaryPeriod),
    salary_max_usd: toUsdPerYear(job.salaryMax, job.salaryCurrency, job.salaryPeriod),
    skills: job.skills,
    description: job.description,
    excerpt: excerptOf(job.description),
    date_posted: job.datePosted,
    application_url: job.applicationUrl,
    source_url: job.sourceUrl,
    valid_through: job.validThrough ?? null,
  };
}

function eventTime(event: RecordedEvent): string {
  return typeof event.metadata?.at === 'string' ? event.metadata.at : event.recordedAt;
}

async function currentRow(tx: pg.PoolClient, jobId: string): Promise<CurrentRow | null> {
  const { rows } = await tx.query<CurrentRow>(
    'select revision, status, company_slug from jobs where job_id = $1 for update',
    [jobId],
  );
  return rows[0] ?? null;
}

async function addLiveJobs(tx: pg.PoolClient, delta: number): Promise<void> {
  if (delta !== 0) await tx.query('update jobs_stats set live_jobs = live_jobs + $1 where id = 1', [delta]);
}

/** A job's company fields refresh the company's row unless a profile event owns it; its counts move. */
const COMPANY_CONFLICT = `on conflict (slug) do update set
       name = case when companies.has_profile then companies.name else excluded.name end,
       description = case when companies.has_profile then companies.description
                          else coalesce(excluded.description, companies.description) end,
       description_source = case when companies.has_profile then companies.description_source
                                 else coalesce(excluded.description_source, companies.description_source) end,
       size = case when companies.has_profile then companies.size else coalesce(excluded.size, companies.size) end,
       industry = case when companies.has_profile then companies.industry
                       else coalesce(companies.industry, excluded.industry) end,
       website = case when companies.has_profile then companies.website
                      else coalesce(excluded.website, companies.website) end,
       logo = case when companies.has_profile then companies.logo else coalesce(excluded.logo, companies.logo) end,
       live_job_count = companies.live_job_count + excluded.live_job_count,
       total_job_count = companies.total_job_count + excluded.total_job_count,
       updated_at = excluded.updated_at`;

/**
 * Creates the company row from a job's company fields or refreshes it (unless a profile event owns it),
 * and moves its counts.
 */
async function touchCompany(
  tx: pg.PoolClient,
  job: JobContent,
  at: string,
  counts: { live: number; total: number },
): Promise<void> {
  await tx.query(
    `insert into companies (slug, name, description, description_source, size, industry, website, logo,
                            live_job_count, total_job_count, updated_at)
     values ($1, $2, $3, case when $3::text is null then null else 'ats' end, $4, $5, $6, $7, $8, $9, $10)
     ${COMPANY_CONFLICT}`,
    [
      companySlug(job.company),
      job.company,
      job.companyDescription,
      job.companySize,
      job.industry,
      job.companyWebsite,
      job.companyLogo,
      counts.live,
      counts.total,
      at,
    ],
  );
}

/**
 * touchCompany for many companies (each once) in one statement: a bulk load's batch touches hundreds of companies,
 * one round trip each was most of the jobs projection's time. Same values, same precedence.
 */
async function touchCompanies(
  tx: pg.PoolClient,
  list: readonly { job: JobContent; at: string; counts: { live: number; total: number } }[],
): Promise<void> {
  if (list.length === 0) return;
  if (list.length === 1) return touchCompany(tx, list[0]!.job, list[0]!.at, list[0]!.counts);
  const column = <T>(f: (c: (typeof list)[number]) => T) => list.map(f);
  await tx.query(
    `insert into companies (slug, name, description, description_source, size, industry, website, logo,
                            live_job_count, total_job_count, updated_at)
     select c.slug, c.name, c.description, case when c.description is null then null else 'ats' end, c.size,
            c.industry, c.website, c.logo, c.live, c.total, c.at
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[],
                 $9::int[], $10::timestamptz[])
       as c(slug, name, description, size, industry, website, logo, live, total, at)
     ${COMPANY_CONFLICT}`,
    [
      column((c) => companySlug(c.job.company)),
      column((c) => c.job.company),
      column((c) => c.job.companyDescription),
      column((c) => c.job.companySize),
      column((c) => c.job.industry),
      column((c) => c.job.companyWebsite),
      column((c) => c.job.companyLogo),
      column((c) => c.counts.live),
      column((c) => c.counts.total),
      column((c) => c.at),
    ],
  );
}

async function moveCompanyCounts(
  tx: pg.PoolClient,
  slug: string,
  live: number,
  total: number,
): Promise<void> {
  if (live === 0 && total === 0) return;
  await tx.query(
    `update companies set live_job_count = greatest(0, live_job_count + $2), total_job_count = greatest(0, total_job_count + $3)
     where slug = $1`,
    [slug, live, total],
  );
}

async function onPosted(event: RecordedEvent, data: JobPosted, tx: pg.PoolClient): Promise<void> {
  const content = contentColumns(data.job);
  const at = eventTime(event);
  const columns = {
    job_id: data.jobId,
    public_id: data.publicId,
    slug: data.slug,
    source: data.source,
    external_id: data.externalId,
    content_hash: data.contentHash,
    ...content,
    status: 'live',
    removal_reason: null,
    removed_at: null,
    revision: event.revision,
    posted_at: at,
    updated_at: at,
    last_confirmed_at: at,
  };
  const names = Object.keys(columns);
  const { rowCount } = await tx.query(
    `insert into jobs (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})
     on conflict (job_id) do nothing`,
    Object.values(columns),
  );
  if (!rowCount) return; // replayed
  await addLiveJobs(tx, 1);
  await touchCompany(tx, data.job, at, { live: 1, total: 1 });
}

/** JobUpdated and JobReposted: new content; a repost also brings a removed job back. */
async function onContent(
  event: RecordedEvent,
  data: JobUpdated | JobReposted,
  tx: pg.PoolClient,
  relive: boolean,
): Promise<void> {
  const row = await currentRow(tx, data.jobId);
  if (!row || row.revision >= event.revision) return;
  const content = contentColumns(data.job);
  const at = eventTime(event);
  const set: Record<string, unknown> = {
    ...content,
    content_hash: data.contentHash,
    revision: event.revision,
    updated_at: at,
    last_confirmed_at: at,
  };
  if (relive) Object.assign(set, { status: 'live', removal_reason: null, removed_at: null });
  const names = Object.keys(set);
  await tx.query(`update jobs set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} where job_id = $1`, [
    data.jobId,
    ...Object.values(set),
  ]);

  const wasLive = row.status === 'live';
  const isLive = relive || wasLive;
  const slug = content.company_slug as string;
  if (slug !== row.company_slug) {
    await moveCompanyCounts(tx, row.company_slug, wasLive ? -1 : 0, -1);
    await touchCompany(tx, data.job, at, { live: isLive ? 1 : 0, total: 1 });
  } else {
    await touchCompany(tx, data.job, at, { live: isLive && !wasLive ? 1 : 0, total: 0 });
  }
  if (isLive && !wasLive) await addLiveJobs(tx, 1);
}

async function onRemoved(event: RecordedEvent, data: JobRemoved, tx: pg.PoolClient): Promise<void> {
  const row = await currentRow(tx, data.jobId);
  if (!row || row.revision >= event.revision) return;
  await tx.query(
    `update jobs set status = 'removed', removal_reason = $2, removed_at = $3, revision = $4, updated_at = $5
     where job_id = $1`,
    [data.jobId, data.reason, data.removedAt, event.revision, eventTime(event)],
  );
  if (row.status === 'live') {
    await addLiveJobs(tx, -1);
    await moveCompanyCounts(tx, row.company_slug, -1, 0);
  }
}

/** The source sent the job again unchanged. Moves forward only, so a replay changes nothing. */
async function onConfirmed(data: JobConfirmed, tx: pg.PoolClient): Promise<void> {
  await tx.query(
    `update jobs set last_confirmed_at = $2 where job_id = $1 and (last_confirmed_at is null or last_confirmed_at < $2)`,
    [data.jobId, data.confirmedAt],
  );
}

/**
 * A successful ATS sync confirms every live job of its source that was on the board: all but the ones it
 * missed (a failed sync confirms nothing, so its jobs keep their last confirmation). The ATS source posts
 * as the ingestion source of the same id (docs/ats.md), so its jobs are those with that source.
 */
async function onAtsSync(data: AtsSyncRecorded, tx: pg.PoolClient): Promise<void> {
  if (!data.ok) return;
  await tx.query(
    `update jobs set last_confirmed_at = $2
     where source = $1 and status = 'live' and not (external_id = any($3::text[]))
       and (last_confirmed_at is null or last_confirmed_at < $2)`,
    [data.atsSourceId, data.finishedAt, data.missingExternalIds],
  );
}

async function onCompanyProfile(
  event: RecordedEvent,
  data: CompanyProfileUpdated,
  tx: pg.PoolClient,
): Promise<void> {
  await tx.query(
    `insert into companies (slug, name, description, description_source, size, founded, industry, website, logo,
                            has_profile, profile_revision, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, $11)
     on conflict (slug) do update set
       name = excluded.name, description = excluded.description, description_source = excluded.description_source,
       size = excluded.size, founded = excluded.founded, industry = excluded.industry, website = excluded.website,
       logo = excluded.logo, has_profile = true, profile_revision = excluded.profile_revision,
       updated_at = excluded.updated_at
     where companies.profile_revision is null or companies.profile_revision < excluded.profile_revision`,
    [
      data.companySlug,
      data.company,
      data.description,
      data.descriptionSource,
      data.size,
      data.founded,
      data.industry,
      data.website,
      data.logo,
      event.revision,
      eventTime(event),
    ],
  );
}

/**
 * A run of JobPosted events in one round trip per table: a multi-row insert of the jobs (replays skipped
 * by `on conflict do nothing`), one upsert per company with the counts added up, one stats update.
 * Equivalent to applying them one by one: a company's fields follow the same precedence (the latest
 * non-null value, the first industry).
 */
async function onPostedRun(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  const rows = events.map((event) => {
    const data = event.data as JobPosted;
    const at = eventTime(event);
    return {
      job_id: data.jobId,
      public_id: data.publicId,
      slug: data.slug,
      source: data.source,
      external_id: data.externalId,
      content_hash: data.contentHash,
      ...contentColumns(data.job),
      status: 'live',
      removal_reason: null,
      removed_at: null,
      revision: event.revision,
      posted_at: at,
      updated_at: at,
      last_confirmed_at: at,
    };
  });
  const { rows: inserted } = await tx.query<{ job_id: string }>(
    `insert into jobs select * from jsonb_populate_recordset(null::jobs, $1::jsonb)
     on conflict (job_id) do nothing returning job_id`,
    [JSON.stringify(rows)],
  );
  if (inserted.length === 0) return;
  const fresh = new Set(inserted.map((r) => r.job_id));
  const companies = new Map<string, { job: JobContent; at: string; industry: string | null; n: number }>();
  for (const event of events) {
    const data = event.data as JobPosted;
    if (!fresh.has(data.jobId)) continue;
    const slug = companySlug(data.job.company);
    const prev = companies.get(slug);
    const job: JobContent = prev
      ? {
          ...data.job,
          companyDescription: data.job.companyDescription ?? prev.job.companyDescription,
          companySize: data.job.companySize ?? prev.job.companySize,
          companyWebsite: data.job.companyWebsite ?? prev.job.companyWebsite,
          companyLogo: data.job.companyLogo ?? prev.job.companyLogo,
        }
      : data.job;
    companies.set(slug, {
      job,
      at: eventTime(event),
      industry: prev?.industry ?? data.job.industry,
      n: (prev?.n ?? 0) + 1,
    });
  }
  await touchCompanies(
    tx,
    [...companies.values()].map((c) => ({
      job: { ...c.job, industry: c.industry as JobContent['industry'] },
      at: c.at,
      counts: { live: c.n, total: c.n },
    })),
  );
  await addLiveJobs(tx, inserted.length);
}

async function handleOne(event: RecordedEvent, tx: pg.PoolClient): Promise<void> {
  switch (event.type) {
    case 'JobPosted':
      return onPosted(event, event.data as JobPosted, tx);
    case 'JobUpdated':
    case 'JobCorrected': // an admin's correction: new content, shaped like JobUpdated
      return onContent(event, event.data as JobUpdated, tx, false);
    case 'JobReposted':
      return onContent(event, event.data as JobReposted, tx, true);
    case 'JobRemoved':
      return onRemoved(event, event.data as JobRemoved, tx);
    case 'CompanyProfileUpdated':
      return onCompanyProfile(event, event.data as CompanyProfileUpdated, tx);
    case 'JobConfirmed':
      return onConfirmed(event.data as JobConfirmed, tx);
    case 'AtsSyncRecorded':
      return onAtsSync(event.data as AtsSyncRecorded, tx);
    default:
      return;
  }
}

// ---- the rebuild's path (issue 26)

/** Every column of a jobs row, in the order the rebuild writes them with COPY. */
const JOB_COLUMNS: readonly CopyColumn[] = [
  'job_id',
  'public_id',
  'slug',
  'source',
  'external_id',
  'content_hash',
  'title',
  'company',
  'company_slug',
  'company_logo',
  'company_description',
  'company_website',
  'company_size',
  'location',
  'is_remote',
  'is_hybrid',
  'workplace',
  'country',
  'country_name',
  'continent',
  'eligibility',
  'type',
  'experience_level',
  'industry',
  'department',
  'salary',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'salary_min_usd',
  'salary_max_usd',
  'skills',
  'description',
  'excerpt',
  'date_posted',
  'application_url',
  'source_url',
  'valid_through',
  'status',
  'removal_reason',
  'removed_at',
  'revision',
  'posted_at',
  'updated_at',
  'last_confirmed_at',
].map((name) => ({ name, json: name === 'eligibility' }));

type JobRow = Record<string, unknown> & {
  revision: number;
  status: 'live' | 'removed';
  company_slug: string;
  last_confirmed_at: string | null;
};

function laterThan(a: string, b: string | null): boolean {
  return b === null || Date.parse(a) > Date.parse(b);
}

/**
 * A rebuild page: the jobs posted in the page are folded in memory with every later event of the page on them (the
 * same rules as the handlers above) and written with one COPY; events on jobs from earlier pages update their rows
 * as the live handlers do. Company fields are applied in event order per company, in three statements a page: the
 * touches before each company's profile event, the profiles, the touches after them (a company's second profile in
 * one page writes what came before it at once); the job counts are left to `rebuildFinish`, which counts the rows.
 */
async function rebuildPage(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  const fresh = new Map<string, JobRow>();
  // Each company's touches in event order, as touchCompany would have applied them one by one: those before the
  // company's profile event of this page (or all, without one), and those after it.
  type Touch = { job: JobContent; at: string; industry: string | null };
  const before = new Map<string, Touch>();
  const after = new Map<string, Touch>();
  const profiles = new Map<string, { event: RecordedEvent; data: CompanyProfileUpdated }>();
  const touch = (job: JobContent, at: string) => {
    const slug = companySlug(job.company);
    const touches = profiles.has(slug) ? after : before;
    const prev = touches.get(slug);
    touches.set(slug, {
      job: prev
        ? {
            ...job,
            companyDescription: job.companyDescription ?? prev.job.companyDescription,
            companySize: job.companySize ?? prev.job.companySize,
            companyWebsite: job.companyWebsite ?? prev.job.companyWebsite,
            companyLogo: job.companyLogo ?? prev.job.companyLogo,
          }
        : job,
      at,
      industry: prev?.industry ?? job.industry,
    });
  };
  const writeTouches = async (list: readonly Touch[]) => {
    await touchCompanies(
      tx,
      list.map((c) => ({
        job: { ...c.job, industry: c.industry as JobContent['industry'] },
        at: c.at,
        counts: { live: 0, total: 0 },
      })),
    );
  };
  /** One company's touches and profile so far, written now (before a second profile event of it in this page). */
  const writeCompany = async (slug: string) => {
    const profile = profiles.get(slug);
    const list = (m: Map<string, Touch>) => (m.has(slug) ? [m.get(slug)!] : []);
    await writeTouches(list(before));
    if (profile) await onCompanyProfile(profile.event, profile.data, tx);
    await writeTouches(list(after));
    before.delete(slug);
    after.delete(slug);
    profiles.delete(slug);
  };

  for (const event of events) {
    const at = eventTime(event);
    switch (event.type) {
      case 'JobPosted': {
        const data = event.data as JobPosted;
        if (fresh.has(data.jobId)) break; // replayed
        fresh.set(data.jobId, {
          job_id: data.jobId,
          public_id: data.publicId,
          slug: data.slug,
          source: data.source,
          external_id: data.externalId,
          content_hash: data.contentHash,
          ...contentColumns(data.job),
          company_slug: companySlug(data.job.company),
          status: 'live',
          removal_reason: null,
          removed_at: null,
          revision: event.revision,
          posted_at: at,
          updated_at: at,
          last_confirmed_at: at,
        });
        touch(data.job, at);
        break;
      }
      case 'JobUpdated':
      case 'JobCorrected':
      case 'JobReposted': {
        const data = event.data as JobUpdated | JobReposted;
        const relive = event.type === 'JobReposted';
        const row = fresh.get(data.jobId);
        if (row) {
          if (row.revision >= event.revision) break;
          Object.assign(row, contentColumns(data.job), {
            company_slug: companySlug(data.job.company),
            content_hash: data.contentHash,
            revision: event.revision,
            updated_at: at,
            last_confirmed_at: at,
          });
          if (relive) Object.assign(row, { status: 'live', removal_reason: null, removed_at: null });
        } else {
          const current = await currentRow(tx, data.jobId);
          if (!current || current.revision >= event.revision) break;
          const set: Record<string, unknown> = {
            ...contentColumns(data.job),
            content_hash: data.contentHash,
            revision: event.revision,
            updated_at: at,
            last_confirmed_at: at,
          };
          if (relive) Object.assign(set, { status: 'live', removal_reason: null, removed_at: null });
          const names = Object.keys(set);
          await tx.query(
            `update jobs set ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} where job_id = $1`,
            [data.jobId, ...Object.values(set)],
          );
        }
        touch(data.job, at);
        break;
      }
      case 'JobRemoved': {
        const data = event.data as JobRemoved;
        const row = fresh.get(data.jobId);
        if (row) {
          if (row.revision >= event.revision) break;
          Object.assign(row, {
            status: 'removed',
            removal_reason: data.reason,
            removed_at: data.removedAt,
            revision: event.revision,
            updated_at: at,
          });
        } else {
          await tx.query(
            `update jobs set status = 'removed', removal_reason = $2, removed_at = $3, revision = $4, updated_at = $5
             where job_id = $1 and revision < $4`,
            [data.jobId, data.reason, data.removedAt, event.revision, at],
          );
        }
        break;
      }
      case 'JobConfirmed': {
        const data = event.data as JobConfirmed;
        const row = fresh.get(data.jobId);
        if (row) {
          if (laterThan(data.confirmedAt, row.last_confirmed_at)) row.last_confirmed_at = data.confirmedAt;
        } else await onConfirmed(data, tx);
        break;
      }
      case 'AtsSyncRecorded': {
        const data = event.data as AtsSyncRecorded;
        if (!data.ok) break;
        const missing = new Set(data.missingExternalIds);
        for (const row of fresh.values())
          if (
            row.source === data.atsSourceId &&
            row.status === 'live' &&
            !missing.has(row.external_id as string) &&
            laterThan(data.finishedAt, row.last_confirmed_at)
          )
            row.last_confirmed_at = data.finishedAt;
        await onAtsSync(data, tx);
        break;
      }
      case 'CompanyProfileUpdated': {
        const data = event.data as CompanyProfileUpdated;
        if (profiles.has(data.companySlug)) await writeCompany(data.companySlug);
        profiles.set(data.companySlug, { event, data });
        break;
      }
      default:
        break;
    }
  }
  await copyRows(
    tx,
    'jobs',
    JOB_COLUMNS,
    [...fresh.values()].map((row) => JOB_COLUMNS.map((c) => row[c.name])),
  );
  await writeTouches([...before.values()]);
  await upsertProfiles(tx, [...profiles.values()]);
  await writeTouches([...after.values()]);
}

/** onCompanyProfile for many companies (each once) in one statement. */
async function upsertProfiles(
  tx: pg.PoolClient,
  list: readonly { event: RecordedEvent; data: CompanyProfileUpdated }[],
): Promise<void> {
  if (list.length === 0) return;
  if (list.length === 1) return onCompanyProfile(list[0]!.event, list[0]!.data, tx);
  const column = <T>(f: (p: (typeof list)[number]) => T) => list.map(f);
  await tx.query(
    `insert into companies (slug, name, description, description_source, size, founded, industry, website, logo,
                            has_profile, profile_revision, updated_at)
     select p.slug, p.name, p.description, p.description_source, p.size, p.founded, p.industry, p.website, p.logo,
            true, p.revision, p.at
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[],
                 $9::text[], $10::int[], $11::timestamptz[])
       as p(slug, name, description, description_source, size, founded, industry, website, logo, revision, at)
     on conflict (slug) do update set
       name = excluded.name, description = excluded.description, description_source = excluded.description_source,
       size = excluded.size, founded = excluded.founded, industry = excluded.industry, website = excluded.website,
       logo = excluded.logo, has_profile = true, profile_revision = excluded.profile_revision,
       updated_at = excluded.updated_at
     where companies.profile_revision is null or companies.profile_revision < excluded.profile_revision`,
    [
      column((p) => p.data.companySlug),
      column((p) => p.data.company),
      column((p) => p.data.description),
      column((p) => p.data.descriptionSource),
      column((p) => p.data.size),
      column((p) => p.data.founded),
      column((p) => p.data.industry),
      column((p) => p.data.website),
      column((p) => p.data.logo),
      column((p) => p.event.revision),
      column((p) => eventTime(p.event)),
    ],
  );
}

/** The counts the rebuild's pages left out, from the rows: what the handlers' increments add up to. */
async function rebuildFinish(tx: pg.PoolClient): Promise<void> {
  await tx.query(
    `update companies c set live_job_count = coalesce(n.live, 0), total_job_count = coalesce(n.total, 0)
     from companies c2 left join (
       select company_slug, count(*) filter (where status = 'live')::int as live, count(*)::int as total
       from jobs group by company_slug
     ) n on n.company_slug = c2.slug
     where c.slug = c2.slug`,
  );
  await tx.query(
    `update jobs_stats set live_jobs = (select count(*) from jobs where status = 'live') where id = 1`,
  );
}

export function jobsProjection(): SqlProjection {
  return {
    name: JOBS_PROJECTION,
    eventTypes: [
      'JobPosted',
      'JobUpdated',
      'JobRemoved',
      'JobReposted',
      'JobCorrected',
      'CompanyProfileUpdated',
      'JobConfirmed',
      'AtsSyncRecorded',
    ],
    tables: ['jobs', 'companies', 'jobs_stats'],
    migrations: MIGRATIONS,
    // Everything but the keys and the (source, external_id) index the AtsSyncRecorded handler looks jobs up by.
    rebuildDeferredIndexes: [
      'jobs_public_id',
      'jobs_slug',
      'jobs_live_date',
      'jobs_company_live',
      'jobs_live_updated',
      'jobs_title_trgm',
      'jobs_skills',
      'jobs_live_title',
      'jobs_filter_places',
      'jobs_filter_experience',
      'jobs_live_confirmed',
      'jobs_live_valid_through',
      'companies_name',
    ],
    handle: handleOne,
    rebuild: {
      async handlePage(events, tx) {
        // One event: a page being pinned down after a failure, through the live handlers (which skip replays).
        if (events.length === 1) await handleOne(events[0]!, tx);
        else await rebuildPage(events, tx);
      },
      finish: rebuildFinish,
    },
    async handleBatch(events, tx) {
      // Runs of JobPosted (the bulk of ingestion) go set-based; everything else in order, one by one.
      let run: RecordedEvent[] = [];
      const seen = new Set<string>();
      const flush = async () => {
        if (run.length > 1) await onPostedRun(run, tx);
        else if (run.length === 1) await handleOne(run[0]!, tx);
        run = [];
        seen.clear();
      };
      for (const event of events) {
        if (event.type === 'JobPosted') {
          const jobId = (event.data as JobPosted).jobId;
          if (seen.has(jobId)) await flush();
          seen.add(jobId);
          run.push(event);
        } else {
          await flush();
          await handleOne(event, tx);
        }
      }
      await flush();
    },
  };
}
