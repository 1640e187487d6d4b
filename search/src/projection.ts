import type {
  EventStore,
  JobContent,
  JobPosted,
  JobRemoved,
  JobReposted,
  JobSearchDocument,
  JobUpdated,
  RecordedEvent,
  SearchIndex,
} from '@jobs/contracts';
import type { ExternalProjection } from '@jobs/projections';
import { excerptOf } from '@jobs/projections/jobs/index';
import { indexedJobOf } from './indexed-job';
import { SuggestionTally } from './suggestion-tally';

export { indexedJobOf };

export const SEARCH_INDEX_PROJECTION = 'search-index';

/** The events that change what the search index holds. */
export const JOB_EVENT_TYPES = [
  'JobPosted',
  'JobUpdated',
  'JobRemoved',
  'JobReposted',
  'JobCorrected',
] as const;

/** What a document needs beyond the content: fixed when the job is first posted. */
interface JobIdentity {
  publicId: number;
  slug: string;
  source: string;
  removed: boolean;
}

const IDENTITY_CACHE_SIZE = 50_000;

export function toSearchDocument(
  jobId: string,
  identity: Omit<JobIdentity, 'removed'>,
  job: JobContent,
): JobSearchDocument {
  return {
    ...indexedJobOf(jobId, job),
    publicId: identity.publicId,
    slug: identity.slug,
    companyLogo: job.companyLogo,
    salary: job.salary,
    excerpt: excerptOf(job.description),
    source: identity.source,
  };
}

/**
 * Keeps the search index in step with the job events: JobPosted, JobUpdated and JobReposted upsert the
 * job's document, JobRemoved deletes it. JobUpdated and JobReposted carry the content but not the public
 * id, slug and source, which JobPosted fixed; those come from a bounded cache filled as events pass, and
 * on a miss (after a restart) from the job's stream read up to the event being applied.
 * A batch collapses to the last operation per job: one upsert call and one remove call.
 */
export function searchIndexProjection(deps: {
  index: SearchIndex;
  store: Pick<EventStore, 'readStream'>;
}): ExternalProjection {
  const identities = new Map<string, JobIdentity>();
  /**
   * Between reset and afterRebuild, with an index that has a rebuild path (PostgreSQL): the suggestion counts kept
   * here event by event and written once at the end, the rows written without counts (see rebuildPage).
   */
  let rebuild: { tally: SuggestionTally; failed: boolean } | null = null;

  function remember(jobId: string, identity: JobIdentity) {
    identities.delete(jobId);
    identities.set(jobId, identity);
    if (identities.size > IDENTITY_CACHE_SIZE) {
      const oldest = identities.keys().next().value;
      if (oldest !== undefined) identities.delete(oldest);
    }
  }

  /** The job's identity and status just before `event`, folded from its stream. */
  async function identityBefore(event: RecordedEvent, jobId: string): Promise<JobIdentity | null> {
    const cached = identities.get(jobId);
    if (cached) return cached;
    if (event.revision === 0) return null;
    const history = await deps.store.readStream(event.streamId, { maxCount: event.revision });
    const posted = history.find((e) => e.type === 'JobPosted');
    if (!posted) return null;
    const d = posted.data as JobPosted;
    let removed = false;
    for (const e of history) {
      if (e.type === 'JobRemoved') removed = true;
      else if (e.type === 'JobReposted') removed = false;
    }
    return { publicId: d.publicId, slug: d.slug, source: d.source, removed };
  }

  return {
    kind: 'external',
    name: SEARCH_INDEX_PROJECTION,
    eventTypes: JOB_EVENT_TYPES,
    async setup() {
      await deps.index.ensureReady();
    },
    async reset() {
      identities.clear();
      rebuild = null;
      await deps.index.clear();
      await deps.index.bulkLoad?.('begin');
      if (deps.index.rebuildWrite) rebuild = { tally: new SuggestionTally(), failed: false };
    },
    async afterRebuild() {
      const done = rebuild;
      rebuild = null;
      try {
        // After a failed write the tally is not that of the rows: the index counts them from the rows at the end.
        if (done && !done.failed)
          await deps.index.rebuildWrite?.({ replaced: [], docs: [], suggestions: done.tally.suggestions() });
      } finally {
        await deps.index.bulkLoad?.('end');
      }
    },
    async bulkLoad(phase) {
      await deps.index.bulkLoad?.(phase);
    },
    async handleBatch(events) {
      // The last operation per job wins: the content to index, or null to remove. Documents are made later, chunk by
      // chunk, so making one chunk's documents overlaps the index writing the chunk before (see writeChunked).
      const ops = new Map<string, { identity: JobIdentity; job: JobContent } | null>();
      // A rebuild's page: each job's suggestions follow its events one by one, and whether the index held the job
      // before this page (its row is then replaced).
      const tally = rebuild?.tally;
      const heldBefore = new Set<string>();
      const set = (jobId: string, op: { identity: JobIdentity; job: JobContent } | null) => {
        if (tally) {
          if (!ops.has(jobId) && tally.indexed(jobId)) heldBefore.add(jobId);
          tally.set(jobId, op && op.job);
        }
        ops.set(jobId, op);
      };
      for (const event of events) {
        switch (event.type) {
          case 'JobPosted': {
            const d = event.data as JobPosted;
            const identity = { publicId: d.publicId, slug: d.slug, source: d.source, removed: false };
            remember(d.jobId, identity);
            set(d.jobId, { identity, job: d.job });
            break;
          }
          case 'JobUpdated':
          case 'JobCorrected':
          case 'JobReposted': {
            const d = event.data as JobUpdated | JobReposted;
            const before = await identityBefore(event, d.jobId);
            if (!before) break; // no JobPosted: nothing to show
            const identity = { ...before, removed: event.type === 'JobReposted' ? false : before.removed };
            remember(d.jobId, identity);
            // An update to a removed job changes nothing that is searchable.
            if (!identity.removed) set(d.jobId, { identity, job: d.job });
            break;
          }
          case 'JobRemoved': {
            const d = event.data as JobRemoved;
            const before = identities.get(d.jobId);
            if (before) remember(d.jobId, { ...before, removed: true });
            else identities.delete(d.jobId);
            set(d.jobId, null);
            break;
          }
          default:
            break;
        }
      }
      const upserts: [string, { identity: JobIdentity; job: JobContent }][] = [];
      const removals: string[] = [];
      for (const [jobId, op] of ops) {
        if (op) upserts.push([jobId, op]);
        else removals.push(jobId);
      }
      if (rebuild && deps.index.rebuildWrite) {
        const current = rebuild;
        const rebuildWrite = deps.index.rebuildWrite.bind(deps.index);
        try {
          const gone = removals.filter((id) => heldBefore.has(id));
          if (gone.length) await rebuildWrite({ replaced: gone, docs: [] });
          await writeChunked(
            upserts,
            (chunk) => chunk.map(([jobId, op]) => toSearchDocument(jobId, op.identity, op.job)),
            (docs) =>
              rebuildWrite({ replaced: docs.filter((d) => heldBefore.has(d.id)).map((d) => d.id), docs }),
          );
        } catch (err) {
          current.failed = true;
          throw err;
        }
        return;
      }
      await writeChunked(
        upserts,
        (chunk) => chunk.map(([jobId, op]) => toSearchDocument(jobId, op.identity, op.job)),
        (docs) => deps.index.upsert(docs),
      );
      if (removals.length) await deps.index.remove(removals);
    },
  };
}

/** Documents per index write when a batch is large (a rebuild's page, a bulk catch-up's). */
export const WRITE_CHUNK = 500;
/** Documents made between two turns of the event loop while a write is in flight (see writeChunked). */
const MAKE_SLICE = 50;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Writes `items` in chunks of WRITE_CHUNK, at most two writes in flight: the next chunk's documents are made (CPU in
 * this process) while the index applies the one before (CPU in PostgreSQL), instead of one after the other. The
 * chunks hold distinct jobs (a batch collapses to one operation per job), so their order does not matter; the
 * PostgreSQL index serialises its writers anyway. Resolves when every write has; the first failure rejects.
 */
async function writeChunked<T>(
  items: readonly T[],
  make: (chunk: readonly T[]) => JobSearchDocument[],
  write: (docs: JobSearchDocument[]) => Promise<void>,
): Promise<void> {
  if (items.length <= WRITE_CHUNK) {
    if (items.length) await write(make(items));
    return;
  }
  const inFlight: Promise<void>[] = [];
  try {
    for (let i = 0; i < items.length; i += WRITE_CHUNK) {
      // Made a slice at a time, letting the event loop run between slices: the write in flight needs this process
      // for each of its round trips (the lock, the old rows, the upsert, the counts), and a whole chunk made in one
      // go would hold them back until it is done, so the two would take turns instead of overlapping.
      const docs: JobSearchDocument[] = [];
      for (let j = i; j < Math.min(items.length, i + WRITE_CHUNK); j += MAKE_SLICE) {
        if (j > i) await yieldToEventLoop();
        for (const doc of make(items.slice(j, Math.min(j + MAKE_SLICE, i + WRITE_CHUNK, items.length))))
          docs.push(doc);
      }
      const pending = write(docs);
      pending.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
      inFlight.push(pending);
      if (inFlight.length >= 2) await inFlight.shift();
    }
  } finally {
    // Never leave a write running behind the caller's back, even after a failure.
    await Promise.allSettled(inFlight);
  }
  for (const pending of inFlight) await pending;
}
