/**
 * The ingestion service: a batch of bot items → job (and company) commands → events. Used by
 * POST /api/ingest/jobs and by the seed, so demo data takes the same path as real jobs.
 *
 * Per job it costs one stream read and one share of a batch append: the items are parsed and
 * normalised, their streams read with bounded parallelism, folded and decided in memory, and every
 * new event of the batch is appended in one transaction (`EventStore.appendMany`), each stream with
 * the revision it was read at. If another writer moved a stream in between, the whole batch falls
 * back to one read-decide-append per stream with retries, which is slower but settles any race.
 */
import crypto from 'node:crypto';
import {
  IngestItem,
  ingestErrors,
  WrongExpectedVersionError,
  StreamNotFoundError,
  comparePositions,
  CONFIRM_AFTER_HOURS,
  type EventStore,
  type IngestError,
  type IngestOutcome,
  type CompanyEvent,
  type JobEvent,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from '@jobs/contracts';
import type { Logger } from '../../logger';
import { uuidFromName, JOBS_BOARD_NAMESPACE } from '../../commands/ids';
import { storableText, tooDeep, unstorableText } from '../../http/text-input';
import { mapLimit } from './concurrency';
import { jobDecider, type JobCommand } from '../jobs/decide';
import { jobIdFor, jobStreamId, type JobState } from '../jobs/job';
import { contentHash, normaliseJob } from '../jobs/normalise';
import { companyKey } from '../jobs/dedupe/fingerprint';
import {
  companyCommandFor,
  companyDecider,
  companyStreamId,
  type CompanyCommand,
  type CompanyState,
} from './company';

export type IngestStatus =
  'created' | 'merged' | 'updated' | 'unchanged' | 'removed' | 'reposted' | 'rejected';
export type IngestCounts = Record<IngestStatus, number>;

/** One item's outcome (the contracts' IngestOutcome) plus the internal job id. */
export type IngestItemResult = IngestOutcome & { jobId?: string };

export interface IngestBatchResult {
  /** In input order. */
  results: IngestItemResult[];
  counts: IngestCounts;
  /** Global position of the batch's last event (null when nothing changed): wait for projections to pass it. */
  position: Position | null;
}

export interface IngestDeps {
  store: EventStore;
  logger?: Logger;
}

export interface IngestOptions {
  now?: Date;
  /** Stream reads in flight at once (default 16). */
  concurrency?: number;
  correlationId?: string;
  /** The company whose ATS board this source is (AtsSourceAdded): its profile is that company's own. */
  ownCompany?: string | null;
}

const DEFAULT_CONCURRENCY = 16;
const FALLBACK_ATTEMPTS = 5;

type Rejected = { index: number; kind: 'rejected'; externalId: string | null; errors: IngestError[] };
interface PreparedJob {
  index: number;
  kind: 'job';
  externalId: string;
  jobId: string;
  /** null while the item is one we have ingested before (see `knownHash`): normalised only if needed. */
  command: JobCommand | null;
  /** The content hash this exact item had when we last normalised it. */
  knownHash: string | null;
  raw: unknown;
  company: CompanyCommand | null;
}
type Prepared = Rejected | PreparedJob;

/**
 * Items this process has normalised before, by a hash of (source, raw item): bots re-send whole
 * boards every pull, and most items are unchanged. When the job's stream still holds the content
 * hash we remember, the item is unchanged without running the normaliser (the costly part).
 */
const SEEN_LIMIT = 100_000;
const seenItems = new Map<string, { jobId: string; externalId: string; contentHash: string }>();

function rawKey(sourceId: string, raw: unknown): string | null {
  if (raw === null || typeof raw !== 'object') return null;
  return crypto.createHash('sha1').update(sourceId).update('\0').update(JSON.stringify(raw)).digest('base64');
}

function remember(key: string, value: { jobId: string; externalId: string; contentHash: string }): void {
  seenItems.delete(key);
  seenItems.set(key, value);
  if (seenItems.size > SEEN_LIMIT) seenItems.delete(seenItems.keys().next().value!);
}

/** The decisions for one stream: the events to append and what each item became. */
interface StreamPlan<Event> {
  streamId: string;
  /** The revision read (null: no stream). */
  revision: number | null;
  events: NewEvent[];
  decided: Event[];
}

const HOUR_MS = 3_600_000;
const SEEN_EVENT_TYPES = new Set(['JobPosted', 'JobUpdated', 'JobReposted', 'JobConfirmed']);

/** When the source last posted, changed or confirmed the job (epoch ms; 0 when never). */
export function lastSeenAt(recorded: readonly RecordedEvent[]): number {
  for (let i = recorded.length - 1; i >= 0; i--) {
    const e = recorded[i]!;
    if (!SEEN_EVENT_TYPES.has(e.type)) continue;
    const at = typeof e.metadata?.at === 'string' ? Date.parse(e.metadata.at) : NaN;
    return Number.isFinite(at) ? at : Date.parse(e.recordedAt);
  }
  return 0;
}

const emptyCounts = (): IngestCounts => ({
  created: 0,
  merged: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  reposted: 0,
  rejected: 0,
});

function statusOf(events: readonly JobEvent[]): Exclude<IngestStatus, 'rejected' | 'merged'> {
  const types = new Set(events.map((e) => e.type));
  if (types.has('JobPosted')) return 'created';
  if (types.has('JobReposted')) return 'reposted';
  if (types.has('JobRemoved')) return 'removed';
  if (types.has('JobUpdated')) return 'updated';
  return 'unchanged';
}

async function readOrEmpty(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(streamId);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  }
}

function normaliseItem(raw: unknown, index: number, sourceId: string, now: Date): Prepared {
  const parsed = IngestItem.safeParse(raw);
  if (!parsed.success) {
    const externalId = (raw as { externalId?: unknown } | null)?.externalId;
    return {
      index,
      kind: 'rejected',
      externalId: typeof externalId === 'string' ? externalId : null,
      errors: ingestErrors(parsed.error),
    };
  }
  const item = parsed.data;
  const jobId = jobIdFor(sourceId, item.externalId);
  if (item.action === 'closed') {
    const reason = item.reason?.trim() || 'Closed on source';
    const command: JobCommand = {
      type: 'CloseJob',
      jobId,
      reason,
      removedAt: now.toISOString(),
      bySource: sourceId,
    };
    return {
      index,
      kind: 'job',
      externalId: item.externalId,
      jobId,
      command,
      knownHash: null,
      raw,
      company: null,
    };
  }
  try {
    const job = normaliseJob(item, { now });
    // What the normaliser made must be storable too (an HTML entity such as &#xD800; decodes to a lone surrogate).
    const unstorable = unstorableText(job);
    if (unstorable) return { index, kind: 'rejected', externalId: item.externalId, errors: [unstorable] };
    const command: JobCommand = {
      type: 'IngestJob',
      source: sourceId,
      externalId: item.externalId,
      job,
      contentHash: contentHash(job),
    };
    return {
      index,
      kind: 'job',
      externalId: item.externalId,
      jobId,
      command,
      knownHash: null,
      raw,
      company: companyCommandFor(job),
    };
  } catch (err) {
    return {
      index,
      kind: 'rejected',
      externalId: item.externalId,
      errors: [{ path: '', message: (err as Error).message }],
    };
  }
}

/**
 * Deepest nesting of arrays and objects an item may have: a job item is a few levels deep (skills,
 * vendor fields); anything past this is refused before a recursive walk (hashing, JSON) could overflow.
 */
export const MAX_ITEM_DEPTH = 32;

/**
 * Why PostgreSQL could not store this item (text with U+0000 or a lone surrogate anywhere in it, a key
 * included) or the item is too deep to handle, as its per-item error; null when it is fine. Checked
 * before anything else, so one such item is rejected alone and the rest of its batch lands.
 */
function unstorableItem(raw: unknown): IngestError | null {
  return tooDeep(raw, MAX_ITEM_DEPTH) ?? unstorableText(raw);
}

/** The item's externalId as the answer may echo it (a string, with characters we cannot store replaced). */
function externalIdOf(raw: unknown): string | null {
  const externalId = (raw as { externalId?: unknown } | null)?.externalId;
  return typeof externalId === 'string' ? storableText(externalId) : null;
}

function prepare(raw: unknown, index: number, sourceId: string, now: Date): Prepared {
  const refused = unstorableItem(raw);
  if (refused) return { index, kind: 'rejected', externalId: externalIdOf(raw), errors: [refused] };
  const key = rawKey(sourceId, raw);
  const seen = key ? seenItems.get(key) : undefined;
  if (seen) {
    const { jobId, externalId, contentHash: knownHash } = seen;
    return { index, kind: 'job', externalId, jobId, command: null, knownHash, raw, company: null };
  }
  const prepared = normaliseItem(raw, index, sourceId, now);
  if (key && prepared.kind === 'job' && prepared.command?.type === 'IngestJob') {
    remember(key, {
      jobId: prepared.jobId,
      externalId: prepared.externalId,
      contentHash: prepared.command.contentHash,
    });
  }
  return prepared;
}

export async function ingestItems(
  deps: IngestDeps,
  sourceId: string,
  rawItems: readonly unknown[],
  options: IngestOptions = {},
): Promise<IngestBatchResult> {
  const now = options.now ?? new Date();
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const metadata = {
    actor: `source:${sourceId}`,
    at: now.toISOString(),
    ...(options.correlationId ? { correlationId: options.correlationId } : {}),
  };
  const prepared = rawItems.map((raw, index) => prepare(raw, index, sourceId, now));

  // Items of one job (a batch may name a job twice) are decided in input order on one stream.
  const byJob = new Map<string, PreparedJob[]>();
  for (const p of prepared) if (p.kind === 'job') byJob.set(p.jobId, [...(byJob.get(p.jobId) ?? []), p]);
  // The last profile a batch gives for a company wins. Who gives it, and whether it is the company's own
  // profile (its configured ATS board), decide what it may change (issue 24 §2, company.ts).
  const ownKey = options.ownCompany ? companyKey(options.ownCompany) : null;
  const companyCommands = new Map<string, CompanyCommand>();
  for (const p of prepared)
    if (p.kind === 'job' && p.company)
      companyCommands.set(p.company.companySlug, {
        ...p.company,
        by: sourceId,
        own: ownKey !== null && companyKey(p.company.company) === ownKey,
      });

  const results = new Array<IngestItemResult>(prepared.length);
  for (const p of prepared) {
    if (p.kind === 'rejected')
      results[p.index] = { index: p.index, externalId: p.externalId, status: 'rejected', errors: p.errors };
  }

  const eventId = (streamId: string, revision: number, type: string, key: string) =>
    uuidFromName(JOBS_BOARD_NAMESPACE, `${streamId}|${revision}|${type}|${key}`);

  /** Decides one job's items on its recorded events; fills in the items' results. */
  const planJob = (jobId: string, recorded: readonly RecordedEvent[]): StreamPlan<JobEvent> => {
    const streamId = jobStreamId(jobId);
    let state: JobState = recorded.reduce(
      (s, e) => jobDecider.evolve(s, { type: e.type, data: e.data } as JobEvent),
      jobDecider.initialState(),
    );
    const revision = recorded.at(-1)?.revision ?? null;
    const decided: JobEvent[] = [];
    for (const item of byJob.get(jobId)!) {
      if (!item.command) {
        if (state.status === 'live' && state.contentHash === item.knownHash) {
          results[item.index] = {
            index: item.index,
            externalId: item.externalId,
            status: 'unchanged',
            jobId,
            id: state.publicId,
            slug: state.slug,
          };
          continue;
        }
        const full = normaliseItem(item.raw, item.index, sourceId, now);
        if (full.kind === 'rejected') {
          results[item.index] = {
            index: item.index,
            externalId: full.externalId,
            status: 'rejected',
            errors: full.errors,
          };
          continue;
        }
        item.command = full.command;
      }
      if (item.command!.type === 'CloseJob' && state.status !== 'live') {
        // Closing a job we never had is the bot's mistake; closing a removed one again changes nothing.
        results[item.index] =
          state.status === 'absent'
            ? {
                index: item.index,
                externalId: item.externalId,
                status: 'rejected',
                errors: [{ path: 'externalId', message: 'Unknown job' }],
              }
            : {
                index: item.index,
                externalId: item.externalId,
                status: 'unchanged',
                jobId,
                id: state.publicId,
                slug: state.slug,
              };
        continue;
      }
      let events: JobEvent[];
      try {
        events = jobDecider.decide(item.command!, state, { now });
      } catch (err) {
        results[item.index] = {
          index: item.index,
          externalId: item.externalId,
          status: 'rejected',
          errors: [{ path: '', message: (err as Error).message }],
        };
        continue;
      }
      state = events.reduce((s, e) => jobDecider.evolve(s, e), state);
      decided.push(...events);
      results[item.index] = {
        index: item.index,
        externalId: item.externalId,
        status: statusOf(events),
        jobId,
        ...(state.status !== 'absent' ? { id: state.publicId, slug: state.slug } : {}),
      };
    }
    // Sent again unchanged: confirm it, at most once per CONFIRM_AFTER_HOURS (docs/ingestion.md).
    if (
      decided.length === 0 &&
      state.status === 'live' &&
      byJob.get(jobId)!.some((item) => results[item.index]?.status === 'unchanged') &&
      now.getTime() - lastSeenAt(recorded) >= CONFIRM_AFTER_HOURS * HOUR_MS
    ) {
      decided.push({ type: 'JobConfirmed', data: { jobId, confirmedAt: now.toISOString() } });
    }
    const first = (revision ?? -1) + 1;
    const events = decided.map((e, i) => ({
      id: eventId(
        streamId,
        first + i,
        e.type,
        'contentHash' in e.data
          ? String(e.data.contentHash)
          : 'confirmedAt' in e.data
            ? e.data.confirmedAt
            : '',
      ),
      type: e.type,
      data: e.data,
      metadata,
    }));
    return { streamId, revision, events, decided };
  };

  const planCompany = (
    command: CompanyCommand,
    recorded: readonly RecordedEvent[],
  ): StreamPlan<CompanyEvent> => {
    const streamId = companyStreamId(command.companySlug);
    const state: CompanyState = recorded.reduce(
      (s, e) => companyDecider.evolve(s, { type: e.type, data: e.data } as CompanyEvent),
      companyDecider.initialState(),
    );
    const revision = recorded.at(-1)?.revision ?? null;
    const decided = companyDecider.decide(command, state, { now });
    const first = (revision ?? -1) + 1;
    const events = decided.map((e, i) => ({
      id: eventId(streamId, first + i, e.type, JSON.stringify(e.data)),
      type: e.type,
      data: e.data,
      metadata,
    }));
    return { streamId, revision, events, decided };
  };

  const jobIds = [...byJob.keys()];
  const companies = [...companyCommands.values()];
  let position: Position | null = null;
  const advance = (p: Position | null) => {
    if (p && (!position || comparePositions(p, position) > 0)) position = p;
  };

  const planAll = async () => {
    if (deps.store.readStreams) {
      // One round trip for every stream of the batch.
      const streams = await deps.store.readStreams([
        ...jobIds.map(jobStreamId),
        ...companies.map((c) => companyStreamId(c.companySlug)),
      ]);
      return [
        ...jobIds.map((jobId) => planJob(jobId, streams.get(jobStreamId(jobId)) ?? [])),
        ...companies.map((c) => planCompany(c, streams.get(companyStreamId(c.companySlug)) ?? [])),
      ].filter((plan) => plan.events.length > 0);
    }
    const [jobPlans, companyPlans] = await Promise.all([
      mapLimit(jobIds, concurrency, async (jobId) =>
        planJob(jobId, await readOrEmpty(deps.store, jobStreamId(jobId))),
      ),
      mapLimit(companies, concurrency, async (c) =>
        planCompany(c, await readOrEmpty(deps.store, companyStreamId(c.companySlug))),
      ),
    ]);
    return [...jobPlans, ...companyPlans].filter((plan) => plan.events.length > 0);
  };

  const plans = await planAll();
  const appends: StreamAppend[] = plans.map((plan) => ({
    streamId: plan.streamId,
    events: plan.events,
    expectedRevision: plan.revision ?? 'no_stream',
  }));

  type Target = { kind: 'job'; jobId: string } | { kind: 'company'; command: CompanyCommand };
  const allTargets: Target[] = [
    ...jobIds.map((jobId) => ({ kind: 'job' as const, jobId })),
    ...companies.map((command) => ({ kind: 'company' as const, command })),
  ];
  const streamOf = (t: Target) =>
    t.kind === 'job' ? jobStreamId(t.jobId) : companyStreamId(t.command.companySlug);
  const targetByStream = new Map(allTargets.map((t) => [streamOf(t), t]));

  // Streams to settle one by one: all of them when the batch raced another writer (or the store has no
  // appendMany), else those whose events another writer had stored first (a concurrent post of the same
  // batch): their items are what that writer made them, so they are re-read and told as they are now.
  let redo: Target[] = appends.length > 0 ? allTargets : [];
  if (appends.length > 0 && deps.store.appendMany) {
    try {
      const written = await deps.store.appendMany(appends);
      redo = [];
      written.forEach((r, i) => {
        advance(r.position);
        if (r.alreadyStored) redo.push(targetByStream.get(plans[i]!.streamId)!);
      });
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      deps.logger?.info(
        { streamId: err.streamId },
        'ingestion batch raced another writer; retrying stream by stream',
      );
    }
  }
  if (redo.length > 0) {
    // One stream at a time (in parallel across streams): re-read, re-decide, append; retry on a race.
    await mapLimit(redo, concurrency, async (target) => {
      const streamId = streamOf(target);
      for (let attempt = 1; ; attempt++) {
        const recorded = await readOrEmpty(deps.store, streamId);
        const plan =
          target.kind === 'job' ? planJob(target.jobId, recorded) : planCompany(target.command, recorded);
        if (plan.events.length === 0) return;
        try {
          const r = await deps.store.append(streamId, plan.events, {
            expectedRevision: plan.revision ?? 'no_stream',
          });
          advance(r.position);
          // Stored already by someone else between our read and our append: read again and tell that.
          if (!r.alreadyStored) return;
          if (attempt >= FALLBACK_ATTEMPTS) return;
        } catch (err) {
          if (!(err instanceof WrongExpectedVersionError) || attempt >= FALLBACK_ATTEMPTS) throw err;
        }
      }
    });
  }

  const counts = emptyCounts();
  for (const r of results) counts[r.status] += 1;
  return { results, counts, position };
}
