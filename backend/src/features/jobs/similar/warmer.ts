/**
 * Fills missing similar-jobs lists in the background (issue 23 §6), so the first view of a job page reads a
 * stored list (stored.ts: one primary-key read) instead of running the trigram walk while the visitor waits:
 * 26.9 / 57.7 ms at p50 / p95 against 6.2 / 19.9 ms alone at 10,000 jobs, and more under concurrency
 * (docs/performance.md). Lists are not computed at JobPosted (projection.ts says why); this walks the live
 * jobs newest first (the ones most likely to be opened) and computes the list of each one that has none for
 * its current revision (or only one the page would soon find too old to use: SIMILAR_TTL_MS), one job at a
 * time, at low priority: after each list it pauses for `1 / share - 1`
 * times as long as the list took (the default share, 0.2, leaves at least 80% of the time to requests), and
 * never less than `pauseMs`. A pass ends at the oldest live job; the next starts `intervalMs` later (new
 * jobs, lists dropped by a change). Lists it writes are the ones a view would have written (same query,
 * same upsert, same revision guard), so a page cannot tell who computed its list.
 */
import type pg from 'pg';
import { withTryLock } from '../../../db/try-lock';
import type { Logger } from '../../../logger';
import { similarJobIds } from '../queries';
import { SIMILAR_STORED, SIMILAR_TTL_MS, storeSimilarList, type SimilarOf } from './stored';

/**
 * A list the page would still use for this long counts as there; an older one is recomputed (the page would
 * recompute it at its next view: SIMILAR_TTL_MS), a few minutes early so a pass leaves lists a view can read.
 */
const FRESH_MS = SIMILAR_TTL_MS - 10 * 60_000;

export interface WarmPassOptions {
  /** Jobs read per query of the walk. */
  batch?: number;
  /** Share of the time spent computing lists (0 < share ≤ 1); the rest is paused. */
  share?: number;
  /** Shortest pause between two lists, ms. */
  pauseMs?: number;
  /** Ends the pass between two lists. */
  signal?: AbortSignal;
}

export interface WarmPassResult {
  /** Lists computed and stored. */
  computed: number;
  /** Live jobs looked at (with or without a list). */
  seen: number;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal?.addEventListener('abort', done, { once: true });
  });

interface Candidate extends SimilarOf {
  datePosted: Date;
  hasList: boolean;
}

/**
 * The next `limit` live jobs after the cursor, newest first (the jobs_live_date index, walked from the
 * cursor on: each query starts where the last one stopped), with whether each has a list for its revision.
 */
async function nextJobs(
  pool: pg.Pool,
  cursor: { datePosted: Date; jobId: string } | null,
  limit: number,
): Promise<Candidate[]> {
  const { rows } = await pool.query<{
    job_id: string;
    revision: number;
    title: string;
    skills: string[];
    date_posted: Date;
    has_list: boolean;
  }>(
    `select j.job_id, j.revision, j.title, j.skills, j.date_posted,
            exists (select 1 from similar_jobs s where s.job_id = j.job_id and s.revision = j.revision
                      and s.computed_at > now() - make_interval(secs => $2)) as has_list
       from jobs j
      where j.status = 'live'
        ${cursor ? 'and j.date_posted <= $3 and not (j.date_posted = $3 and j.job_id <= $4)' : ''}
      order by j.date_posted desc, j.job_id
      limit $1`,
    cursor ? [limit, FRESH_MS / 1000, cursor.datePosted, cursor.jobId] : [limit, FRESH_MS / 1000],
  );
  return rows.map((r) => ({
    jobId: r.job_id,
    revision: r.revision,
    title: r.title,
    skills: r.skills,
    datePosted: r.date_posted,
    hasList: r.has_list,
  }));
}

/** One pass over the live jobs, newest first: every job without a fresh list for its revision gets one. */
export async function warmSimilarLists(
  pool: pg.Pool,
  options: WarmPassOptions = {},
): Promise<WarmPassResult> {
  const batch = options.batch ?? 200;
  const share = Math.min(1, Math.max(0.01, options.share ?? 0.2));
  const pauseMs = options.pauseMs ?? 20;
  const { signal } = options;
  const result: WarmPassResult = { computed: 0, seen: 0 };
  let cursor: { datePosted: Date; jobId: string } | null = null;
  while (!signal?.aborted) {
    const jobs = await nextJobs(pool, cursor, batch);
    for (const job of jobs) {
      if (signal?.aborted) break;
      result.seen += 1;
      if (job.hasList) continue;
      const started = performance.now();
      await storeSimilarList(pool, job, await similarJobIds(pool, job, SIMILAR_STORED));
      result.computed += 1;
      const took = performance.now() - started;
      await sleep(Math.max(pauseMs, (took * (1 - share)) / share), signal);
    }
    const last = jobs[jobs.length - 1];
    if (!last || jobs.length < batch) break;
    cursor = { datePosted: last.datePosted, jobId: last.jobId };
  }
  return result;
}

export interface SimilarWarmer {
  /** Ends the pass in progress after its current list; resolves when it has. */
  stop(): Promise<void>;
}

/** The advisory lock a pass holds: servers sharing a database warm one at a time, not each the same lists. */
export const WARMER_LOCK = 'similar-jobs-warmer';

/**
 * Passes of warmSimilarLists: the first `startDelayMs` after start (the server answers its first visitors
 * before anything else), then `intervalMs` after the end of each. A pass runs only while this process holds
 * WARMER_LOCK: when another server's pass holds it, this one waits for its next turn (the lists are shared). A
 * failed pass is logged; the next one runs.
 */
export function startSimilarWarmer(
  deps: { pool: pg.Pool; logger?: Logger },
  options: WarmPassOptions & { startDelayMs?: number; intervalMs?: number } = {},
): SimilarWarmer {
  const controller = new AbortController();
  const signal = controller.signal;
  const run = async () => {
    await sleep(options.startDelayMs ?? 30_000, signal);
    while (!signal.aborted) {
      const started = Date.now();
      try {
        const pass = await withTryLock(deps.pool, WARMER_LOCK, () =>
          warmSimilarLists(deps.pool, { ...options, signal }),
        );
        const done = pass.locked ? pass.value : { computed: 0, seen: 0 };
        if (done.computed)
          deps.logger?.info(
            { ...done, seconds: Math.round((Date.now() - started) / 1000) },
            'similar jobs lists computed in the background',
          );
      } catch (err) {
        if (!signal.aborted) deps.logger?.warn({ err }, 'similar jobs warmer pass failed');
      }
      await sleep(options.intervalMs ?? 10 * 60_000, signal);
    }
  };
  const running = run();
  return {
    async stop() {
      controller.abort();
      await running;
    },
  };
}
