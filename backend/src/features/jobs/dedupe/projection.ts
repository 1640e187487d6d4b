/**
 * The duplicate check (docs/duplicates.md): a read model of every job's fingerprint, and the reaction to a
 * new job that appends the merge. One projection, so the check runs in the global event order against
 * the fingerprints of every job posted before, in the transaction that records the new one: two copies
 * arriving in one batch, or from two processes at once, are still seen.
 *
 * The reaction's events are decided on the job streams (dedupe/decide.ts), so replaying an event (a
 * retried batch, a rebuild) appends nothing twice: a job already merged, or unmerged by an admin, is left
 * alone. A rebuild applies today's rules to jobs never merged before.
 */
import type pg from 'pg';
import type { AtsSourceAdded } from '@jobs/contracts/ats';
import {
  DUPLICATE_REMOVAL_REASON,
  type EventStore,
  type IngestionSourceCreated,
  type JobContent,
  type JobEvent,
  type JobMerged,
  type JobPosted,
  type JobRemoved,
  type JobReposted,
  type JobUnmerged,
  type JobUpdated,
  type MergeReason,
  type RecordedEvent,
} from '@jobs/contracts';
import type { SqlProjection } from '@jobs/projections';
import type { Logger } from '../../../logger';
import { JobAlreadyRemoved, JobNotOwned, jobDecider } from '../decide';
import { DEDUPE_ACTOR, runOnJob } from './commands';
import { duplicateDecider } from './decide';
import {
  MIN_SHINGLES,
  SAME_JOB_SIMILARITY,
  companyKey,
  containmentOf,
  fingerprintOf,
  sameJobScore,
  samePlace,
  type Fingerprint,
} from './fingerprint';

export const DUPLICATES_PROJECTION = 'duplicates';
/** A closed job posted again within this many days is a repost of it (the spec's issue 19 §3). */
export const REPOST_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Fingerprints made ahead of their events, by event id, each taken once (a fingerprint is a pure function of the
 * event's content, so one made ahead is the one the handler would make). Bounded: a page that is never applied (a
 * failed rebuild) leaves at most `max` behind, the oldest going first.
 */
export class PreparedFingerprints {
  private readonly byEvent = new Map<string, Fingerprint>();

  constructor(private readonly max: number) {}

  put(eventId: string, fingerprint: Fingerprint): void {
    this.byEvent.set(eventId, fingerprint);
    if (this.byEvent.size > this.max) this.byEvent.delete(this.byEvent.keys().next().value!);
  }

  take(eventId: string): Fingerprint | undefined {
    const fingerprint = this.byEvent.get(eventId);
    if (fingerprint) this.byEvent.delete(eventId);
    return fingerprint;
  }

  get size(): number {
    return this.byEvent.size;
  }
}

/** Fingerprints made between two turns of the event loop in `prepare`. */
const PREPARE_SLICE = 100;
/** Most fingerprints made ahead and not yet taken (two pages of 5,000 in a rebuild). */
const PREPARED_MAX = 20_000;

const MIGRATIONS = [
  // The kind of every ingestion source: an ATS board ('greenhouse', 'lever', ...) is preferred over a bot ('api').
  `create table if not exists dedupe_sources (source_id text primary key, kind text not null)`,
  `create table if not exists job_fingerprints (
     job_id uuid primary key,
     source text not null,
     from_ats boolean not null,
     company_key text not null,
     title_key text not null,
     place_key text not null,
     minhash integer[] not null,
     shingles integer not null,
     status text not null check (status in ('live', 'removed')),
     removed_at timestamptz,
     posted_at timestamptz not null,
     merged_into uuid,
     merge_reason text,
     merge_score real,
     revision integer not null
   )`,
  // The candidate lookup: one index probe per new job, whatever the number of jobs.
  `create index if not exists job_fingerprints_keys on job_fingerprints (company_key, title_key) where merged_into is null`,
  `create index if not exists job_fingerprints_merged_into on job_fingerprints (merged_into) where merged_into is not null`,
  // Issue 24: the company an ATS board belongs to (AtsSourceAdded's company, as a company key). Only a board
  // posting a job of its own company is preferred over the first poster; a token of ATS kind alone is not.
  `alter table dedupe_sources add column if not exists company_key text`,
  // Whether the job came from its company's own board (the source's company_key is the job's). Rows from
  // before this column are false: the first poster keeps them.
  `alter table job_fingerprints add column if not exists company_board boolean not null default false`,
];

interface Row {
  job_id: string;
  source: string;
  company_board: boolean;
  place_key: string;
  minhash: number[];
  shingles: number;
  status: 'live' | 'removed';
  removed_at: Date | null;
  posted_at: Date;
  merged_into: string | null;
  merge_reason: MergeReason | null;
  revision: number;
}

/** What the in-memory pre-check of a run reads of a candidate. */
type Candidate = Pick<Row, 'job_id' | 'place_key' | 'minhash' | 'shingles'>;

/**
 * sameJobScore(fp, candidate) !== null, for a candidate under the same company and title keys, without computing the
 * score: the containment grows with the number of equal minima, so the loop stops as soon as enough are equal, or too
 * few are left to reach the threshold (most candidates of a bulk load are other postings under the same title, and
 * the check runs against every one). `needed` finds the least count with containment(count / MINHASH_SIZE) at or above
 * SAME_JOB_SIMILARITY using containment itself, so the answer is the same as scoring.
 */
export function scoresAsSame(fp: Fingerprint, c: Candidate): boolean {
  if (!samePlace(fp.placeKey, c.place_key) || Math.min(fp.shingles, c.shingles) < MIN_SHINGLES) return false;
  const a = fp.minhash;
  const b = c.minhash;
  if (a.length !== b.length || a.length === 0) return false;
  const need = needed(fp.shingles, c.shingles, a.length);
  if (need > a.length) return false;
  let same = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) {
      if (++same >= need) return true;
    } else if (same + (a.length - i - 1) < need) return false;
  }
  return same >= need;
}

const neededCache = new Map<number, number>();

/**
 * The least number of equal minima (of `size`) at which two descriptions of these sizes score as the same job
 * (size + 1 when none does): containmentOf with the Jaccard estimate similarity() would give for that count.
 */
function needed(shinglesA: number, shinglesB: number, size: number): number {
  const key = (shinglesA * 1_000_003 + shinglesB) * 257 + size;
  const cached = neededCache.get(key);
  if (cached !== undefined) return cached;
  const scores = (count: number) => containmentOf(count / size, shinglesA, shinglesB) >= SAME_JOB_SIMILARITY;
  // containment rises with the count: a binary search over 0..size + 1.
  let lo = 0;
  let hi = size + 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (mid <= size && scores(mid)) hi = mid;
    else lo = mid + 1;
  }
  if (neededCache.size >= 100_000) neededCache.clear();
  neededCache.set(key, lo);
  return lo;
}

/** The job comes from the ATS board an admin configured for its company (issue 24 §3). */
function isCompanyBoard(
  source: { kind: string; company_key: string | null } | undefined,
  fp: Fingerprint,
): boolean {
  return !!source && source.kind !== 'api' && !!source.company_key && source.company_key === fp.companyKey;
}

function eventTime(event: RecordedEvent): Date {
  return new Date(typeof event.metadata?.at === 'string' ? event.metadata.at : event.recordedAt);
}

async function rowOf(tx: pg.PoolClient, jobId: string): Promise<Row | null> {
  const { rows } = await tx.query<Row>('select * from job_fingerprints where job_id = $1 for update', [
    jobId,
  ]);
  return rows[0] ?? null;
}

async function setFingerprint(
  tx: pg.PoolClient,
  jobId: string,
  fp: Fingerprint,
  revision: number,
  status?: 'live',
): Promise<void> {
  await tx.query(
    `update job_fingerprints set company_key = $2, title_key = $3, place_key = $4, minhash = $5, shingles = $6,
       revision = $7, status = coalesce($8, status), removed_at = case when $8::text is null then removed_at end
     where job_id = $1`,
    [jobId, fp.companyKey, fp.titleKey, fp.placeKey, fp.minhash, fp.shingles, revision, status ?? null],
  );
}

async function setMerged(
  tx: pg.PoolClient,
  jobId: string,
  canonicalId: string | null,
  reason: MergeReason | null,
  score: number | null,
): Promise<void> {
  await tx.query(
    'update job_fingerprints set merged_into = $2, merge_reason = $3, merge_score = $4 where job_id = $1',
    [jobId, canonicalId, reason, score],
  );
}

export function duplicatesProjection(deps: { store: EventStore; logger?: Logger }): SqlProjection {
  const { store, logger } = deps;

  async function merge(
    tx: pg.PoolClient,
    trigger: RecordedEvent,
    jobId: string,
    canonicalId: string,
    reason: MergeReason,
    score: number,
  ): Promise<boolean> {
    const events = await react(trigger, () =>
      runOnJob(
        store,
        jobId,
        duplicateDecider,
        { type: 'MergeJob', jobId, canonicalId, reason, score },
        {
          metadata: { actor: DEDUPE_ACTOR, causationId: trigger.id },
          now: eventTime(trigger),
          idKey: `merge|${trigger.id}|${jobId}|${canonicalId}`,
        },
      ),
    );
    if (events.length === 0) return false;
    // Seen by the next events of this batch at once; the JobMerged event sets the same when it passes.
    await setMerged(tx, jobId, canonicalId, reason, score);
    return true;
  }

  /** A new job: is it a copy of a live job, or a repost of one closed within the window? */
  async function check(
    tx: pg.PoolClient,
    event: RecordedEvent,
    posted: JobPosted,
    fp: Fingerprint,
    companyBoard: boolean,
    notYet: ReadonlySet<string> = new Set(),
  ) {
    const { rows: found } = await tx.query<Row>(
      `select * from job_fingerprints
       where company_key = $1 and title_key = $2 and merged_into is null and job_id <> $3`,
      [fp.companyKey, fp.titleKey, posted.jobId],
    );
    // Jobs later in the same batch were not posted yet as far as this one is concerned.
    const rows = found.filter((r) => !notYet.has(r.job_id));
    if (rows.length === 0) return;
    const at = eventTime(event);
    const matches = rows
      .map((row) => ({
        row,
        score: sameJobScore(fp, {
          ...fp,
          placeKey: row.place_key,
          minhash: row.minhash,
          shingles: row.shingles,
        }),
      }))
      .filter((m): m is { row: Row; score: number } => m.score !== null);
    const live = matches
      .filter((m) => m.row.status === 'live')
      .sort(
        (a, b) =>
          Number(b.row.company_board) - Number(a.row.company_board) ||
          b.score - a.score ||
          a.row.posted_at.getTime() - b.row.posted_at.getTime(),
      );
    const best = live[0];
    if (best) {
      if (companyBoard && !best.row.company_board) {
        // The company's own board (the ATS source an admin configured for this company) is the real employer's
        // listing: the other copy, and whatever was merged into it, follow it. Any other later copy is merged
        // under the first poster's listing and never changes it (issue 24 §1, §3).
        if (await merge(tx, event, best.row.job_id, posted.jobId, 'duplicate', best.score)) {
          const { rows: linked } = await tx.query<{
            job_id: string;
            merge_reason: MergeReason;
            merge_score: number;
          }>('select job_id, merge_reason, merge_score from job_fingerprints where merged_into = $1', [
            best.row.job_id,
          ]);
          for (const l of linked)
            await merge(tx, event, l.job_id, posted.jobId, l.merge_reason, l.merge_score);
        }
      } else {
        await merge(tx, event, posted.jobId, best.row.job_id, 'duplicate', best.score);
      }
      return;
    }
    const since = at.getTime() - REPOST_WINDOW_DAYS * DAY_MS;
    // A repost is recognised only from the source that posted the original: another source's copy of a closed
    // job is its own listing, and never brings someone else's job back (issue 24 §1).
    const closed = matches
      .filter(
        (m) =>
          m.row.status === 'removed' &&
          m.row.source === posted.source &&
          m.row.removed_at &&
          m.row.removed_at.getTime() >= since,
      )
      .sort((a, b) => b.row.removed_at!.getTime() - a.row.removed_at!.getTime())[0];
    if (!closed) return;
    // The original listing comes back (first datePosted kept) and the repost is linked to it.
    if (await merge(tx, event, posted.jobId, closed.row.job_id, 'repost', closed.score))
      await follow(event, closed.row.job_id, posted.job, posted.contentHash, posted.source);
  }

  async function follow(
    trigger: RecordedEvent,
    originalId: string,
    job: JobContent,
    contentHash: string,
    source: string,
  ) {
    await react(trigger, () =>
      runOnJob(
        store,
        originalId,
        duplicateDecider,
        // The decider refuses it unless `source` posted the original (issue 24 §1).
        { type: 'FollowRepost', jobId: originalId, job, contentHash, source },
        {
          metadata: { actor: DEDUPE_ACTOR, causationId: trigger.id },
          now: eventTime(trigger),
          idKey: `follow|${trigger.id}|${originalId}`,
        },
      ),
    );
  }

  /**
   * A reaction that cannot be appended (a rule refuses it, the store keeps racing) is logged and skipped: the
   * copy stays visible, which is better than stopping this read model and every read-your-writes wait on it.
   */
  async function react(
    trigger: RecordedEvent,
    append: () => Promise<{ events: JobEvent[] }>,
  ): Promise<JobEvent[]> {
    try {
      return (await append()).events;
    } catch (err) {
      if (err instanceof JobAlreadyRemoved) return [];
      if (err instanceof JobNotOwned) {
        logger?.info({ jobId: err.jobId, eventId: trigger.id }, 'refused: the job belongs to another source');
        return [];
      }
      logger?.warn({ err, eventId: trigger.id }, 'duplicate reaction skipped');
      return [];
    }
  }

  /**
   * Whether `event` is still the repost's latest word on its content and lifecycle: a replay (rebuild) of an
   * older event must not send old content to the original listing.
   */
  async function isLatest(event: RecordedEvent): Promise<boolean> {
    const history = await store
      .readStream(event.streamId, { fromRevision: event.revision + 1 })
      .catch(() => []);
    return !history.some(
      (e) =>
        e.type === 'JobUpdated' ||
        e.type === 'JobReposted' ||
        e.type === 'JobUnmerged' ||
        (e.type === 'JobRemoved' && (e.data as JobRemoved).reason !== DUPLICATE_REMOVAL_REASON),
    );
  }

  /** Fingerprints made ahead by `prepare` (a rebuild's next page, while the page before is written). */
  const prepared = new PreparedFingerprints(PREPARED_MAX);

  function fingerprintOfEvent(event: RecordedEvent, job: JobContent): Fingerprint {
    return prepared.take(event.id) ?? fingerprintOf(job);
  }

  async function prepare(events: readonly RecordedEvent[]): Promise<void> {
    let sinceYield = 0;
    for (const event of events) {
      if (event.type !== 'JobPosted' && event.type !== 'JobUpdated' && event.type !== 'JobReposted') continue;
      if (++sinceYield === PREPARE_SLICE) {
        sinceYield = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
      prepared.put(event.id, fingerprintOf((event.data as JobPosted | JobUpdated | JobReposted).job));
    }
  }

  async function onPosted(event: RecordedEvent, tx: pg.PoolClient) {
    const d = event.data as JobPosted;
    const fp = fingerprintOfEvent(event, d.job);
    const { rows } = await tx.query<{ kind: string; company_key: string | null }>(
      'select kind, company_key from dedupe_sources where source_id = $1',
      [d.source],
    );
    const fromAts = rows[0] !== undefined && rows[0].kind !== 'api';
    const companyBoard = isCompanyBoard(rows[0], fp);
    const { rowCount } = await tx.query(
      `insert into job_fingerprints (job_id, source, from_ats, company_key, title_key, place_key, minhash, shingles,
                                     status, posted_at, revision, company_board)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'live', $9, $10, $11) on conflict (job_id) do nothing`,
      [
        d.jobId,
        d.source,
        fromAts,
        fp.companyKey,
        fp.titleKey,
        fp.placeKey,
        fp.minhash,
        fp.shingles,
        eventTime(event),
        event.revision,
        companyBoard,
      ],
    );
    if (!rowCount) return; // replayed
    await check(tx, event, d, fp, companyBoard);
  }

  async function onContent(event: RecordedEvent, tx: pg.PoolClient) {
    const d = event.data as JobUpdated | JobReposted;
    const row = await rowOf(tx, d.jobId);
    if (!row || row.revision >= event.revision) return;
    await setFingerprint(
      tx,
      d.jobId,
      fingerprintOfEvent(event, d.job),
      event.revision,
      event.type === 'JobReposted' ? 'live' : undefined,
    );
    if (row.merged_into && row.merge_reason === 'repost' && (await isLatest(event)))
      await follow(event, row.merged_into, d.job, d.contentHash, row.source);
  }

  async function onRemoved(event: RecordedEvent, tx: pg.PoolClient) {
    const d = event.data as JobRemoved;
    const row = await rowOf(tx, d.jobId);
    if (!row || row.revision >= event.revision) return;
    if (d.reason === DUPLICATE_REMOVAL_REASON && row.merged_into) {
      await tx.query('update job_fingerprints set revision = $2 where job_id = $1', [
        d.jobId,
        event.revision,
      ]);
      return;
    }
    await tx.query(
      `update job_fingerprints set status = 'removed', removed_at = $2, revision = $3 where job_id = $1`,
      [d.jobId, d.removedAt, event.revision],
    );
    // The repost closed: so does the original listing it brought back.
    if (row.merged_into && row.merge_reason === 'repost' && (await isLatest(event))) {
      const originalId = row.merged_into;
      await react(event, () =>
        runOnJob(
          store,
          originalId,
          jobDecider,
          {
            type: 'CloseJob',
            jobId: originalId,
            reason: d.reason,
            removedAt: d.removedAt,
            bySource: row.source,
          },
          {
            metadata: { actor: DEDUPE_ACTOR, causationId: event.id },
            now: eventTime(event),
            idKey: `close|${event.id}`,
          },
        ),
      );
    }
  }

  /**
   * A run of JobPosted events (the bulk of ingestion and of a rebuild) in three round trips: the sources'
   * kinds, one multi-row insert, one probe for every key of the run. Only a job whose key is shared goes on
   * to the full check, in event order, blind to the jobs after it in the run: the same result as one by one.
   */
  async function onPostedRun(events: readonly RecordedEvent[], tx: pg.PoolClient) {
    const posted = events.map((event) => {
      const d = event.data as JobPosted;
      return { event, d, fp: fingerprintOfEvent(event, d.job) };
    });
    const { rows: kinds } = await tx.query<{ source_id: string; kind: string; company_key: string | null }>(
      'select source_id, kind, company_key from dedupe_sources where source_id = any($1::text[])',
      [[...new Set(posted.map((p) => p.d.source))]],
    );
    const ats = new Set(kinds.filter((k) => k.kind !== 'api').map((k) => k.source_id));
    const sourceById = new Map(kinds.map((k) => [k.source_id, k]));
    const boardOf = (p: { d: JobPosted; fp: Fingerprint }) =>
      isCompanyBoard(sourceById.get(p.d.source), p.fp);
    const rows = posted.map(({ event, d, fp }) => ({
      job_id: d.jobId,
      source: d.source,
      from_ats: ats.has(d.source),
      company_key: fp.companyKey,
      title_key: fp.titleKey,
      place_key: fp.placeKey,
      minhash: fp.minhash,
      shingles: fp.shingles,
      status: 'live',
      removed_at: null,
      posted_at: eventTime(event).toISOString(),
      merged_into: null,
      merge_reason: null,
      merge_score: null,
      revision: event.revision,
      company_board: boardOf({ d, fp }),
    }));
    // Every earlier candidate of the run's keys with what the score needs, in one query, before the insert: the
    // run's own jobs come from memory (a bulk page has thousands of jobs, and a company posts the same title many
    // times; reading their 128-integer signatures back cost more than computing them). Only rows that can score at
    // all: a place that agrees (see samePlace) and enough shingles (MIN_SHINGLES).
    const keys = new Map<string, { company: string; title: string; place: string }>();
    for (const p of posted) {
      if (p.fp.shingles < MIN_SHINGLES) continue;
      keys.set(`${p.fp.companyKey}\0${p.fp.titleKey}\0${p.fp.placeKey}`, {
        company: p.fp.companyKey,
        title: p.fp.titleKey,
        place: p.fp.placeKey,
      });
    }
    const wanted = [...keys.values()];
    const { rows: earlier } = wanted.length
      ? await tx.query<Candidate & { company_key: string; title_key: string }>(
          `select distinct on (f.job_id) f.company_key, f.title_key, f.job_id, f.place_key, f.minhash, f.shingles
           from job_fingerprints f join unnest($1::text[], $2::text[], $3::text[]) as k(company_key, title_key, place_key)
             on f.company_key = k.company_key and f.title_key = k.title_key
                and (f.place_key = k.place_key or f.place_key = '' or k.place_key = '')
           where f.merged_into is null and f.shingles >= $4`,
          [
            wanted.map((k) => k.company),
            wanted.map((k) => k.title),
            wanted.map((k) => k.place),
            MIN_SHINGLES,
          ],
        )
      : { rows: [] };
    const { rows: inserted } = await tx.query<{ job_id: string }>(
      `insert into job_fingerprints select * from jsonb_populate_recordset(null::job_fingerprints, $1::jsonb)
       on conflict (job_id) do nothing returning job_id`,
      [JSON.stringify(rows)],
    );
    if (inserted.length === 0) return;
    const fresh = new Set(inserted.map((r) => r.job_id));
    const byKey = new Map<string, Candidate[]>();
    const add = (key: string, candidate: Candidate) => {
      const list = byKey.get(key);
      if (list) list.push(candidate);
      else byKey.set(key, [candidate]);
    };
    for (const r of earlier) add(`${r.company_key}\0${r.title_key}`, r);
    for (const p of posted)
      if (fresh.has(p.d.jobId))
        add(`${p.fp.companyKey}\0${p.fp.titleKey}`, {
          job_id: p.d.jobId,
          place_key: p.fp.placeKey,
          minhash: p.fp.minhash,
          shingles: p.fp.shingles,
        });
    const notYet = new Set(posted.map((p) => p.d.jobId));
    for (const p of posted) {
      const { event, d, fp } = p;
      notYet.delete(d.jobId);
      if (!fresh.has(d.jobId)) continue;
      // Only a job that some earlier candidate scores as the same job goes on to the full check (which reads the
      // candidates again, with their status, and decides): most jobs sharing a company and title are other postings.
      const similar = (byKey.get(`${fp.companyKey}\0${fp.titleKey}`) ?? []).some(
        (r) => r.job_id !== d.jobId && !notYet.has(r.job_id) && scoresAsSame(fp, r),
      );
      if (similar) await check(tx, event, d, fp, boardOf(p), new Set(notYet));
    }
  }

  async function handle(event: RecordedEvent, tx: pg.PoolClient): Promise<void> {
    switch (event.type) {
      case 'IngestionSourceCreated': {
        const d = event.data as IngestionSourceCreated;
        await tx.query(
          'insert into dedupe_sources (source_id, kind) values ($1, $2) on conflict do nothing',
          [d.sourceId, d.kind],
        );
        return;
      }
      case 'AtsSourceAdded': {
        const d = event.data as AtsSourceAdded;
        await tx.query(
          `insert into dedupe_sources (source_id, kind, company_key) values ($1, $2, $3)
           on conflict (source_id) do update set company_key = excluded.company_key`,
          [d.ingestionSourceId, d.kind, companyKey(d.company)],
        );
        return;
      }
      case 'JobPosted':
        return onPosted(event, tx);
      case 'JobUpdated':
      case 'JobReposted':
        return onContent(event, tx);
      case 'JobRemoved':
        return onRemoved(event, tx);
      case 'JobMerged': {
        const d = event.data as JobMerged;
        await setMerged(tx, d.jobId, d.canonicalId, d.reason, d.score);
        await tx.query('update job_fingerprints set revision = greatest(revision, $2) where job_id = $1', [
          d.jobId,
          event.revision,
        ]);
        return;
      }
      case 'JobUnmerged': {
        const d = event.data as JobUnmerged;
        await setMerged(tx, d.jobId, null, null, null);
        await tx.query('update job_fingerprints set revision = greatest(revision, $2) where job_id = $1', [
          d.jobId,
          event.revision,
        ]);
        return;
      }
      default:
        return;
    }
  }

  return {
    name: DUPLICATES_PROJECTION,
    eventTypes: [
      'IngestionSourceCreated',
      'AtsSourceAdded',
      'JobPosted',
      'JobUpdated',
      'JobReposted',
      'JobRemoved',
      'JobMerged',
      'JobUnmerged',
    ],
    tables: ['job_fingerprints', 'dedupe_sources'],
    migrations: MIGRATIONS,
    handle,
    prepare,
    async handleBatch(events, tx) {
      // Runs of JobPosted go set-based; everything else in order, one by one.
      let run: RecordedEvent[] = [];
      const inRun = new Set<string>();
      const flush = async () => {
        if (run.length > 1) await onPostedRun(run, tx);
        else if (run.length === 1) await handle(run[0]!, tx);
        run = [];
        inRun.clear();
      };
      for (const event of events) {
        if (event.type === 'JobPosted') {
          const jobId = (event.data as JobPosted).jobId;
          if (inRun.has(jobId)) await flush();
          inRun.add(jobId);
          run.push(event);
        } else {
          await flush();
          await handle(event, tx);
        }
      }
      await flush();
    },
  };
}
