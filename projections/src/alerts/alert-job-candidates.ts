import type { JobContent, JobPosted, JobRemoved, JobReposted, JobUpdated } from '@jobs/contracts/jobs';
import type { Eligibility } from '@jobs/contracts/where';
import type { RecordedEvent } from '@jobs/contracts/eventstore';
import type { SqlProjection } from '../projection';
import { toUsdPerYear } from '../jobs/salary';

/**
 * The alert digests' own follower of the job streams: every job posted or reposted, with the time the
 * board first saw it (`seen_at`, the event's time, not the ATS's datePosted, which may be weeks old),
 * kept current by updates and removals. Its own checkpoint means digests never depend on the feed's
 * read model being rebuilt, and a digest's window is "seen after the previous digest's period end".
 */
export const ALERT_JOB_CANDIDATES_PROJECTION = 'alert-job-candidates';

export interface AlertJobCandidateRow {
  job_id: string;
  public_id: number;
  slug: string;
  title: string;
  company: string;
  location: string;
  country_name: string | null;
  continent: string | null;
  is_remote: boolean;
  type: string;
  experience_level: string;
  salary: string | null;
  salary_min_usd: number | null;
  salary_max_usd: number | null;
  /** JobContent.eligibility; null when unknown. */
  eligibility: Eligibility | null;
  seen_at: Date;
  live: boolean;
}

const migrations = [
  `create table if not exists alert_job_candidates (
     job_id uuid primary key,
     public_id bigint not null,
     slug text not null,
     title text not null,
     company text not null,
     location text not null,
     country_name text,
     continent text,
     is_remote boolean not null,
     type text not null,
     experience_level text not null,
     salary text,
     salary_min_usd double precision,
     salary_max_usd double precision,
     seen_at timestamptz not null,
     live boolean not null,
     revision integer not null
   )`,
  `create index if not exists alert_job_candidates_seen on alert_job_candidates (seen_at) where live`,
  // Where the job may be done from (the workFrom and timezone criteria); added after the table.
  `alter table alert_job_candidates add column if not exists eligibility jsonb`,
];

function content(job: JobContent): unknown[] {
  return [
    job.title,
    job.company,
    job.location,
    job.countryName,
    job.continent,
    job.isRemote,
    job.type,
    job.experienceLevel,
    job.salary,
    toUsdPerYear(job.salaryMin, job.salaryCurrency, job.salaryPeriod),
    toUsdPerYear(job.salaryMax, job.salaryCurrency, job.salaryPeriod),
    job.eligibility ?? null,
  ];
}

const CONTENT_SET = `title = $1, company = $2, location = $3, country_name = $4, continent = $5, is_remote = $6,
  type = $7, experience_level = $8, salary = $9, salary_min_usd = $10, salary_max_usd = $11, eligibility = $12`;

const eventTime = (event: RecordedEvent) =>
  typeof event.metadata?.at === 'string' ? event.metadata.at : event.recordedAt;

export function alertJobCandidatesProjection(): SqlProjection {
  return {
    name: ALERT_JOB_CANDIDATES_PROJECTION,
    eventTypes: ['JobPosted', 'JobUpdated', 'JobRemoved', 'JobReposted', 'JobCorrected'],
    tables: ['alert_job_candidates'],
    migrations,
    async handle(event, tx) {
      if (!event.streamId.startsWith('job-')) return;
      switch (event.type) {
        case 'JobPosted': {
          const d = event.data as JobPosted;
          await tx.query(
            `insert into alert_job_candidates (title, company, location, country_name, continent, is_remote, type,
               experience_level, salary, salary_min_usd, salary_max_usd, eligibility, job_id, public_id, slug, seen_at,
               live, revision)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, true, $17)
             on conflict (job_id) do nothing`,
            [...content(d.job), d.jobId, d.publicId, d.slug, eventTime(event), event.revision],
          );
          return;
        }
        case 'JobUpdated':
        case 'JobCorrected': {
          const d = event.data as JobUpdated;
          await tx.query(
            `update alert_job_candidates set ${CONTENT_SET}, revision = $13 where job_id = $14 and revision < $13`,
            [...content(d.job), event.revision, d.jobId],
          );
          return;
        }
        case 'JobReposted': {
          const d = event.data as JobReposted;
          await tx.query(
            `update alert_job_candidates set ${CONTENT_SET}, seen_at = $13, live = true, revision = $14
             where job_id = $15 and revision < $14`,
            [...content(d.job), eventTime(event), event.revision, d.jobId],
          );
          return;
        }
        case 'JobRemoved': {
          const d = event.data as JobRemoved;
          await tx.query(
            'update alert_job_candidates set live = false, revision = $1 where job_id = $2 and revision < $1',
            [event.revision, d.jobId],
          );
          return;
        }
        default:
          return;
      }
    },
    // Runs of JobPosted (bulk ingestion) as one multi-row insert; everything else in order.
    async handleBatch(events, tx) {
      let run: RecordedEvent[] = [];
      const flush = async () => {
        if (run.length === 0) return;
        const rows = run.map((event) => {
          const d = event.data as JobPosted;
          const values = [
            ...content(d.job),
            d.jobId,
            d.publicId,
            d.slug,
            eventTime(event),
            true,
            event.revision,
          ];
          return Object.fromEntries(CANDIDATE_COLUMNS.map((c, i) => [c, values[i]]));
        });
        run = [];
        await tx.query(
          `insert into alert_job_candidates (${CANDIDATE_COLUMNS.join(', ')})
           select ${CANDIDATE_COLUMNS.join(', ')} from jsonb_populate_recordset(null::alert_job_candidates, $1::jsonb)
           on conflict (job_id) do nothing`,
          [JSON.stringify(rows)],
        );
      };
      for (const event of events) {
        if (event.type === 'JobPosted' && event.streamId.startsWith('job-')) run.push(event);
        else {
          await flush();
          await this.handle(event, tx);
        }
      }
      await flush();
    },
  };
}

const CANDIDATE_COLUMNS = [
  'title',
  'company',
  'location',
  'country_name',
  'continent',
  'is_remote',
  'type',
  'experience_level',
  'salary',
  'salary_min_usd',
  'salary_max_usd',
  'eligibility',
  'job_id',
  'public_id',
  'slug',
  'seen_at',
  'live',
  'revision',
] as const;
