/**
 * Jobs no source stands behind any more expire (docs/ingestion.md, "Confirmation and expiry"): a live job of
 * an ingestion bot (not of an ATS source, whose syncs close what leaves the board, and not one the board's
 * admins posted) is removed with reason 'Expired' once its own `validThrough` has passed, or once
 * EXPIRE_AFTER_DAYS went by without the source posting, changing or confirming it. Its page then answers 410.
 *
 * The read model only names candidates; each job's own stream decides. The sweep reads the stream, checks
 * the rule on its events (their times, the content's validThrough) and appends JobRemoved expecting the
 * revision it read: a bot posting the job meanwhile, or another process sweeping the same job, makes the
 * append fail and the job is left alone. So the sweep is idempotent and safe with several processes (an
 * advisory lock also keeps two processes from sweeping at once, which only saves work).
 */
import type pg from 'pg';
import { startPeriodic, type Periodic } from '../../periodic';
import {
  EXPIRE_AFTER_DAYS,
  EXPIRED_REASON,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventStore,
  type JobEvent,
  type Position,
  type RecordedEvent,
} from '@jobs/contracts';
import type { Logger } from '../../logger';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import { lastSeenAt } from '../ingestion/service';
import { evolve, initialState, jobStreamId, type JobState } from './job';
import { withTryLock } from '../../db/try-lock';

const DAY_MS = 24 * 3600 * 1000;
/** Sources whose jobs never expire here: the board's own (admin) jobs. */
const NEVER_EXPIRE_SOURCES = ['admin'];

export interface ExpiryDeps {
  store: EventStore;
  pool: pg.Pool;
  logger?: Logger;
  now?: () => Date;
}

export interface ExpiryResult {
  /** Jobs removed with reason 'Expired' by this sweep. */
  expired: number;
  /** Candidates the stream showed to be fresh or already removed, or that another writer moved meanwhile. */
  skipped: number;
  /** Position of the last removal (wait for projections to pass it), null when none. */
  position: Position | null;
}

/** Why the job has expired at `now`, or null while it has not (the rule on the job's own events). */
export function expiryOf(state: JobState, recorded: readonly RecordedEvent[], now: Date): string | null {
  if (state.status !== 'live') return null;
  const own = state.job.validThrough ? Date.parse(state.job.validThrough) : NaN;
  if (Number.isFinite(own) && own <= now.getTime()) return 'validThrough passed';
  if (now.getTime() - lastSeenAt(recorded) >= EXPIRE_AFTER_DAYS * DAY_MS) return 'not confirmed';
  return null;
}

async function candidates(pool: pg.Pool, now: Date, limit: number): Promise<string[]> {
  const { rows } = await pool.query<{ job_id: string }>(
    `select job_id from jobs j
     where status = 'live' and source <> all($4::text[])
       and (valid_through <= $1 or coalesce(last_confirmed_at, updated_at) <= $1::timestamptz - make_interval(days => $2))
       and not exists (select 1 from ats_sources a where a.ingestion_source_id = j.source)
     order by coalesce(last_confirmed_at, updated_at), job_id
     limit $3`,
    [now.toISOString(), EXPIRE_AFTER_DAYS, limit, NEVER_EXPIRE_SOURCES],
  );
  return rows.map((r) => r.job_id);
}

async function expireOne(deps: ExpiryDeps, jobId: string, now: Date): Promise<Position | null> {
  const streamId = jobStreamId(jobId);
  let recorded: RecordedEvent[];
  try {
    recorded = await deps.store.readStream(streamId);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return null;
    throw err;
  }
  const state = recorded.reduce(
    (s, e) => evolve(s, { type: e.type, data: e.data } as JobEvent),
    initialState(),
  );
  const why = expiryOf(state, recorded, now);
  if (!why || state.status !== 'live' || NEVER_EXPIRE_SOURCES.includes(state.source)) return null;
  const at = now.toISOString();
  try {
    const result = await deps.store.append(
      streamId,
      [
        {
          // Named by the stream and the revision it follows: two sweeps of one job append one event.
          id: uuidFromName(
            JOBS_BOARD_NAMESPACE,
            `${streamId}|${recorded.at(-1)!.revision + 1}|JobRemoved|expired`,
          ),
          type: 'JobRemoved',
          data: { jobId, reason: EXPIRED_REASON, removedAt: at },
          metadata: { actor: 'system:expiry', at, why },
        },
      ],
      { expectedRevision: recorded.at(-1)!.revision },
    );
    return result.position;
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) return null; // posted, confirmed or expired meanwhile
    throw err;
  }
}

/** One sweep: expires up to `limit` jobs (the rest wait for the next sweep). */
export async function expireStaleJobs(deps: ExpiryDeps, { limit = 500 } = {}): Promise<ExpiryResult> {
  const now = (deps.now ?? (() => new Date()))();
  const result: ExpiryResult = { expired: 0, skipped: 0, position: null };
  const sweep = await withTryLock(deps.pool, 'job-expiry-sweep', async () => {
    for (const jobId of await candidates(deps.pool, now, limit)) {
      const position = await expireOne(deps, jobId, now);
      if (position) {
        result.expired += 1;
        result.position = position;
      } else result.skipped += 1;
    }
  });
  if (!sweep.locked) return result;
  if (result.expired) deps.logger?.info({ ...result }, 'expired jobs no source confirmed');
  return result;
}

export type ExpirySweep = Periodic;

/** Sweeps every `intervalMs` (the first a minute after start), like the alerts' schedule. */
export function startExpirySweep(deps: ExpiryDeps, intervalMs = 15 * 60_000): ExpirySweep {
  return startPeriodic(
    () => expireStaleJobs(deps),
    intervalMs,
    (err) => deps.logger?.error({ err }, 'job expiry sweep failed'),
  );
}
