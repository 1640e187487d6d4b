/**
 * One sync of one ATS source: pull the board, diff it against what we hold, post new and changed
 * jobs, close jobs missing from two successful syncs in a row, and record the sync.
 *
 * - "What we hold" is the jobs read model (this source's jobs, their content hash and status):
 *   an unchanged job is not posted again. A lagging read model only costs a re-post, which
 *   ingestion answers 'unchanged'.
 * - A job missing once goes on the sync's `missingExternalIds`; missing again at the next
 *   successful sync, it is closed with 'Closed on {ATS}'. Back on the board, it is posted and
 *   ingestion reposts it.
 * - A failed pull (404 board, 429/5xx, timeout, malformed answer) closes nothing and keeps the
 *   first-miss list as it was; the next attempt backs off exponentially.
 * - A posting the connector rejects (malformed) or ingestion refuses costs that job alone: it is
 *   counted as rejected and named with the reason in the sync's `problems`; a rejected posting
 *   still counts as on the board, so a live job is never closed because its posting went bad.
 */
import pg from 'pg';
import {
  ATS_NAMES,
  atsSourceStreamId,
  MAX_SYNC_PROBLEMS,
  type AtsSyncRecorded,
  type SyncCounts,
  type SyncErrorKind,
  type SyncProblem,
} from '@jobs/contracts/ats';
import type { EventStore, IngestItem, IngestItemPosted, Position } from '@jobs/contracts';
import { handleCommand } from '../../commands/handle';
import type { Logger } from '../../logger';
import { contentHash, normaliseJob } from '../jobs/normalise';
import { AtsError, CONNECTORS, type FetchLike } from './connectors';
import { AtsSourceNotFoundError, atsSourceDecider } from './decide';
import { IngestPostError, type Poster } from './poster';
import { initialState, type AtsSourceState } from './source';
import { withTryLock } from '../../db/try-lock';

export interface SyncDeps {
  store: EventStore;
  pool: pg.Pool;
  poster: Poster;
  /** Paced (see pacing.ts) in production. */
  fetch: FetchLike;
  logger?: Logger;
  now?: () => Date;
  /** Connector request options (tests shorten them). */
  request?: { timeoutMs?: number; retries?: number; retryBaseMs?: number };
  /** First back-off after a failure (doubled per failure in a row, capped by `maxBackoffMinutes`). */
  backoffMinutes?: number;
  maxBackoffMinutes?: number;
}

export class SyncInProgressError extends Error {
  constructor(readonly atsSourceId: string) {
    super('A sync of this source is already running');
    this.name = 'SyncInProgressError';
  }
}

export interface SyncResult {
  sync: AtsSyncRecorded;
  position: Position | null;
}

const zeroCounts = (): SyncCounts => ({
  seen: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  reposted: 0,
  removed: 0,
  rejected: 0,
  missing: 0,
});

async function readState(store: EventStore, atsSourceId: string): Promise<AtsSourceState> {
  const events = await store.readStream(atsSourceStreamId(atsSourceId)).catch(() => []);
  return events.reduce(
    (s, e) =>
      atsSourceDecider.evolve(s, { type: e.type, data: e.data } as Parameters<
        typeof atsSourceDecider.evolve
      >[1]),
    initialState(),
  );
}

function errorOf(err: unknown): { kind: SyncErrorKind; message: string } {
  if (err instanceof AtsError) return { kind: err.kind, message: err.message };
  if (err instanceof IngestPostError) return { kind: 'ingest', message: err.message };
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err) };
}

/** The hash ingestion would compute, or null when the item cannot be normalised (ingestion will say why). */
function hashOf(item: IngestItemPosted, now: Date): string | null {
  try {
    return contentHash(normaliseJob(item, { now }));
  } catch {
    return null;
  }
}

/** Runs `fn` holding a session advisory lock for the source, so two processes never sync it at once. */
async function withSourceLock<T>(pool: pg.Pool, atsSourceId: string, fn: () => Promise<T>): Promise<T> {
  const run = await withTryLock(pool, `ats-sync:${atsSourceId}`, fn);
  if (!run.locked) throw new SyncInProgressError(atsSourceId);
  return run.value;
}

export async function syncSource(deps: SyncDeps, atsSourceId: string): Promise<SyncResult> {
  return withSourceLock(deps.pool, atsSourceId, () => syncLocked(deps, atsSourceId));
}

async function syncLocked(deps: SyncDeps, atsSourceId: string): Promise<SyncResult> {
  const now = deps.now ?? (() => new Date());
  const state = await readState(deps.store, atsSourceId);
  if (state.status === 'absent') throw new AtsSourceNotFoundError(atsSourceId);
  const startedAt = now();
  const counts = zeroCounts();
  let missingExternalIds = state.missingExternalIds;
  let error: { kind: SyncErrorKind; message: string } | null = null;
  const problems: SyncProblem[] = [];

  try {
    const board = await CONNECTORS[state.kind].fetchBoard(state.board, {
      fetch: deps.fetch,
      baseUrl: state.baseUrl,
      company: state.company,
      ...deps.request,
    });
    const { jobs } = board;
    problems.push(...board.problems);
    const rejectedOnBoard = board.problems.filter((p) => p.action === 'rejected');
    counts.seen = jobs.length + rejectedOnBoard.length;
    counts.rejected += rejectedOnBoard.length;

    const { rows: known } = await deps.pool.query<{
      external_id: string;
      content_hash: string;
      status: string;
    }>('select external_id, content_hash, status from jobs where source = $1', [state.ingestionSourceId]);
    const held = new Map(known.map((r) => [r.external_id, r]));
    const onBoard = new Set([
      ...jobs.map((j) => j.externalId),
      ...rejectedOnBoard.flatMap((p) => (p.externalId ? [p.externalId] : [])),
    ]);

    const items: IngestItem[] = [];
    for (const job of jobs) {
      const row = held.get(job.externalId);
      if (row && row.status === 'live' && row.content_hash === hashOf(job, startedAt)) {
        counts.unchanged += 1;
        continue;
      }
      items.push(job);
    }
    const previouslyMissing = new Set(state.missingExternalIds);
    const firstMiss: string[] = [];
    const reason = `Closed on ${ATS_NAMES[state.kind]}`;
    for (const row of known) {
      if (row.status !== 'live' || onBoard.has(row.external_id)) continue;
      if (previouslyMissing.has(row.external_id))
        items.push({ action: 'closed', externalId: row.external_id, reason });
      else firstMiss.push(row.external_id);
    }

    const outcomes = items.length ? await deps.poster.post(state.ingestionSourceId, items) : [];
    const titles = new Map(jobs.map((j) => [j.externalId, j.title]));
    for (const o of outcomes) {
      // A job merged under another source's listing is still one this board created.
      counts[o.status === 'merged' ? 'created' : o.status] += 1;
      if (o.status === 'rejected')
        problems.push({
          externalId: o.externalId,
          title: (o.externalId && titles.get(o.externalId)) || null,
          action: 'rejected',
          message: `Refused by ingestion: ${o.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ')}`,
        });
    }
    missingExternalIds = firstMiss;
    counts.missing = firstMiss.length;
  } catch (err) {
    error = errorOf(err);
    deps.logger?.warn({ atsSourceId, kind: state.kind, board: state.board, err: error }, 'ATS sync failed');
  }

  if (problems.length)
    deps.logger?.warn(
      {
        atsSourceId,
        kind: state.kind,
        board: state.board,
        problems: problems.slice(0, 10),
        total: problems.length,
      },
      'ATS sync: postings rejected or degraded',
    );
  const finishedAt = now();
  const consecutiveFailures = error ? state.consecutiveFailures + 1 : 0;
  const delayMinutes = error
    ? Math.min((deps.backoffMinutes ?? 5) * 2 ** (consecutiveFailures - 1), deps.maxBackoffMinutes ?? 24 * 60)
    : state.intervalMinutes;
  const sync: AtsSyncRecorded = {
    atsSourceId,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    ok: error === null,
    counts,
    error,
    missingExternalIds: error ? [] : missingExternalIds,
    consecutiveFailures,
    nextRunAt: new Date(finishedAt.getTime() + delayMinutes * 60_000).toISOString(),
    problems: problems.slice(0, MAX_SYNC_PROBLEMS),
  };
  const result = await handleCommand(
    deps.store,
    atsSourceStreamId(atsSourceId),
    atsSourceDecider,
    { type: 'RecordAtsSync', sync },
    { metadata: { actor: 'system:ats-bot' }, now: finishedAt },
  );
  return { sync, position: result.position };
}
