/**
 * The job page's similar jobs, stored (issue 23 §6): `similar_jobs` keeps, per job, the ranked ids the live
 * query (queries.ts `similarJobIds`) answered, keyed by the job's revision. Lists are computed lazily, on a
 * page's first view (stored.ts), not here: a projection computing them at every JobPosted would run the
 * trigram walk once per job of a bulk import. This projection only drops a job's list when the job changes
 * (its title or skills may have), is closed or merged, so nothing stale is kept; the revision stored with
 * each list guards against a page writing a list computed before the change.
 *
 * It also keeps `similar_titles`, the catalogue of distinct job titles (lower-cased) ever posted, with a trigram
 * index: the similar-jobs query finds the nearest titles there (10,000 titles at 100,000 jobs) and then the newest
 * live jobs of each through `jobs_live_title`, instead of walking the trigram index of every job (a GiST
 * nearest-neighbour walk through thousands of jobs that share a title: 20-45 ms a job page at 100,000 jobs). A
 * title no live job has any more stays in the catalogue and simply finds no job. The nearest titles of each
 * title are kept in `similar_title_near` by the query that needs them (queries.ts), not here: computing them for
 * every new title of a bulk import would cost the import a GiST walk per title.
 */
import type pg from 'pg';
import type { RecordedEvent } from '@jobs/contracts/eventstore';
import type { SqlProjection } from '@jobs/projections';

export const SIMILAR_JOBS_PROJECTION = 'similar-jobs';

const MIGRATIONS = [
  `create table if not exists similar_jobs (
     job_id uuid primary key,
     revision integer not null,
     similar_ids uuid[] not null,
     computed_at timestamptz not null default now()
   )`,
  `create table if not exists similar_titles (title text primary key)`,
  `create index if not exists similar_titles_trgm on similar_titles using gist (title gist_trgm_ops)`,
  // The nearest titles of a title (queries.ts similarRankedSql): written by the similar-jobs query itself, the
  // first time a job of the title needs them and again once they are an hour old (titles added since).
  `create table if not exists similar_title_near (
     title text primary key,
     near text[] not null,
     computed_at timestamptz not null
   )`,
  // A board that had jobs before the catalogue existed: its titles, once (an empty catalogue only).
  `do $$ begin
     if to_regclass('jobs') is not null and not exists (select 1 from similar_titles) then
       insert into similar_titles select distinct lower(title) from jobs on conflict do nothing;
     end if;
   end $$`,
];

/** The events after which a job's stored list may be wrong (each carries the job's id as `jobId`). */
const INVALIDATING = ['JobUpdated', 'JobReposted', 'JobRemoved', 'JobMerged', 'JobUnmerged'] as const;
/** The events that carry a job's title (`job.title`): the catalogue's. */
const WITH_TITLE = new Set(['JobPosted', 'JobUpdated', 'JobReposted']);

function jobIdOf(data: unknown): string | null {
  const id = (data as { jobId?: unknown } | null)?.jobId;
  return typeof id === 'string' ? id : null;
}

function titleOf(event: RecordedEvent): string | null {
  if (!WITH_TITLE.has(event.type)) return null;
  const title = (event.data as { job?: { title?: unknown } } | null)?.job?.title;
  return typeof title === 'string' && title ? title : null;
}

/**
 * One batch: its titles into the catalogue (lower-cased by PostgreSQL, as the query compares them), and the
 * stored lists of the jobs it changed dropped. Two statements at most, whatever its size.
 */
async function apply(events: readonly RecordedEvent[], tx: pg.PoolClient): Promise<void> {
  const titles = [...new Set(events.map(titleOf).filter((t): t is string => t !== null))];
  if (titles.length)
    await tx.query(
      `insert into similar_titles (title) select distinct lower(t) from unnest($1::text[]) t
       on conflict do nothing`,
      [titles],
    );
  const ids = new Set<string>();
  for (const e of events) {
    const id = e.type === 'JobPosted' ? null : jobIdOf(e.data);
    if (id) ids.add(id);
  }
  if (ids.size) await tx.query('delete from similar_jobs where job_id = any($1::uuid[])', [[...ids]]);
}

export function similarJobsProjection(): SqlProjection {
  return {
    name: SIMILAR_JOBS_PROJECTION,
    eventTypes: ['JobPosted', ...INVALIDATING],
    tables: ['similar_jobs', 'similar_titles', 'similar_title_near'],
    migrations: MIGRATIONS,
    handle: (event, tx) => apply([event], tx),
    handleBatch: apply,
  };
}
