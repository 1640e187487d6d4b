/**
 * The job page's similar jobs from the stored list (projection.ts): one primary-key read and one read of
 * the listed rows instead of the trigram walk on every view (issue 23 §6). The live query runs, and its
 * answer is stored for the next views, when there is no list for this revision of the job, when it is older
 * than SIMILAR_TTL_MS (newer jobs may now be closer), or when fewer than `limit` of its jobs are still live.
 */
import type pg from 'pg';
import type { PublicCardJob } from '@jobs/contracts';
import { similarForJobPage, SIMILAR_LIMIT } from '../queries';

/** A stored list is recomputed after this long, so jobs posted since can appear in it. */
export const SIMILAR_TTL_MS = 60 * 60 * 1000;
/** Ids stored per job: a few more than shown, so a closed job is replaced without recomputing. */
export const SIMILAR_STORED = 12;

export interface SimilarOf {
  jobId: string;
  revision: number;
  title: string;
  skills: readonly string[];
}

export async function storedSimilarJobs(
  pool: pg.Pool,
  job: SimilarOf,
  limit = SIMILAR_LIMIT,
): Promise<PublicCardJob[]> {
  // The list and its live jobs (as cards: what the page shows of them), or the ranking, its list stored and its jobs: one statement (queries.ts).
  return similarForJobPage(pool, job, {
    limit,
    stored: Math.max(limit, SIMILAR_STORED),
    freshSeconds: SIMILAR_TTL_MS / 1000,
  });
}

/**
 * Stores `ids` as the list of `job` at its revision, unless a list of a later revision is there (a view or the
 * warmer that read the job before a change). Not storing it only costs the next view the live query again:
 * a failure is not the caller's.
 */
export async function storeSimilarList(pool: pg.Pool, job: SimilarOf, ids: readonly string[]): Promise<void> {
  await pool
    .query(
      `insert into similar_jobs (job_id, revision, similar_ids, computed_at) values ($1, $2, $3::uuid[], now())
     on conflict (job_id) do update set revision = excluded.revision, similar_ids = excluded.similar_ids,
       computed_at = excluded.computed_at
     where similar_jobs.revision <= excluded.revision`,
      [job.jobId, job.revision, ids],
    )
    .catch(() => undefined);
}
