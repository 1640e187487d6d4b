/**
 * The job page's similar jobs, stored (issue 23 §6): `similar_jobs` keeps, per job, the ranked ids the live
 * query (queries.ts `similarJobIds`) answered, keyed by the job's revision. Lists are computed lazily, on a
 * page's first view (stored.ts), not here: a projection computing them at every JobPosted would run the
 * trigram walk once per job of a bulk import. This projection only drops a job's list when the job changes
 * (its title or skills may have), is closed or merged, so nothing stale is kept; the revision stored with
 * each list guards against a page writing a list computed before the change.
 */
import type { SqlProjection } from '@jobs/projections';

export const SIMILAR_JOBS_PROJECTION = 'similar-jobs';

const MIGRATIONS = [
  `create table if not exists similar_jobs (
     job_id uuid primary key,
     revision integer not null,
     similar_ids uuid[] not null,
     computed_at timestamptz not null default now()
   )`,
];

/** The events after which a job's stored list may be wrong (each carries the job's id as `jobId`). */
const INVALIDATING = ['JobUpdated', 'JobReposted', 'JobRemoved', 'JobMerged', 'JobUnmerged'] as const;

function jobIdOf(data: unknown): string | null {
  const id = (data as { jobId?: unknown } | null)?.jobId;
  return typeof id === 'string' ? id : null;
}

export function similarJobsProjection(): SqlProjection {
  return {
    name: SIMILAR_JOBS_PROJECTION,
    eventTypes: INVALIDATING,
    tables: ['similar_jobs'],
    migrations: MIGRATIONS,
    async handle(event, tx) {
      const jobId = jobIdOf(event.data);
      if (jobId) await tx.query('delete from similar_jobs where job_id = $1', [jobId]);
    },
    async handleBatch(events, tx) {
      // One statement per batch, whatever its size.
      const ids = [...new Set(events.map((e) => jobIdOf(e.data)).filter((id): id is string => id !== null))];
      if (ids.length) await tx.query('delete from similar_jobs where job_id = any($1::uuid[])', [ids]);
    },
  };
}
