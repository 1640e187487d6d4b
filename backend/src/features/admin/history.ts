/**
 * A job's history for the admin timeline, read from the event store itself (not a read model): every
 * event of `job-{jobId}` with its time, actor, revision and what it changed.
 */
import {
  StreamNotFoundError,
  type EventStore,
  type JobContent,
  type JobEvent,
  type RecordedEvent,
} from '@jobs/contracts';
import { jobStreamId } from '../jobs/job';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  id: string;
  revision: number;
  type: string;
  /** When it was decided (metadata.at), else when it was stored. */
  time: string;
  recordedAt: string;
  actor: string;
  /** One line for the timeline. */
  summary: string;
  changes: FieldChange[];
  /** Set on the events of a duplicate merged into this job (its other sources), read from that job's stream. */
  linkedJobId?: string;
}

/** Long values (descriptions) are cut so the timeline stays readable; the event store keeps them whole. */
const MAX_VALUE_LENGTH = 300;

function shown(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_VALUE_LENGTH)
    return `${value.slice(0, MAX_VALUE_LENGTH)}…`;
  return value;
}

function diff(before: JobContent | null, after: JobContent, only?: readonly string[]): FieldChange[] {
  const fields = (only ?? Object.keys(after)) as (keyof JobContent)[];
  return fields
    .filter((f) => JSON.stringify(before?.[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ field: f, before: shown(before?.[f] ?? null), after: shown(after[f]) }));
}

function entry(
  recorded: RecordedEvent,
  previous: JobContent | null,
): { entry: HistoryEntry; content: JobContent | null } {
  // The job stream holds only job events.
  const event = { type: recorded.type, data: recorded.data } as JobEvent;
  const base = {
    id: recorded.id,
    revision: recorded.revision,
    type: recorded.type,
    time: typeof recorded.metadata?.at === 'string' ? recorded.metadata.at : recorded.recordedAt,
    recordedAt: recorded.recordedAt,
    actor: typeof recorded.metadata?.actor === 'string' ? recorded.metadata.actor : 'unknown',
  };
  switch (event.type) {
    case 'JobPosted':
      return {
        entry: {
          ...base,
          summary: `Posted from ${event.data.source} (${event.data.externalId}): ${event.data.job.title} at ${event.data.job.company}`,
          changes: [],
        },
        content: event.data.job,
      };
    case 'JobUpdated':
      return {
        entry: {
          ...base,
          summary: `Updated: ${event.data.changed.join(', ') || 'content'}`,
          changes: diff(previous, event.data.job, event.data.changed),
        },
        content: event.data.job,
      };
    case 'JobCorrected':
      return {
        entry: {
          ...base,
          summary: `Corrected by an admin: ${event.data.changed.join(', ')}`,
          changes: diff(previous, event.data.job, event.data.changed),
        },
        content: event.data.job,
      };
    case 'JobRemoved':
      return {
        entry: {
          ...base,
          summary: `Removed: ${event.data.reason}`,
          changes: [
            { field: 'reason', before: null, after: event.data.reason },
            { field: 'removedAt', before: null, after: event.data.removedAt },
          ],
        },
        content: previous,
      };
    case 'JobReposted': {
      const changes = previous ? diff(previous, event.data.job) : [];
      return {
        entry: {
          ...base,
          summary: changes.length
            ? `Reposted with changes: ${changes.map((c) => c.field).join(', ')}`
            : 'Reposted',
          changes,
        },
        content: event.data.job,
      };
    }
    case 'JobConfirmed':
      return {
        entry: { ...base, summary: 'Confirmed unchanged by its source', changes: [] },
        content: previous,
      };
    case 'JobMerged':
      return {
        entry: {
          ...base,
          summary: `Merged into job ${event.data.canonicalId} as a ${event.data.reason} (similarity ${event.data.score.toFixed(2)})`,
          changes: [{ field: 'mergedInto', before: null, after: event.data.canonicalId }],
        },
        content: previous,
      };
    case 'JobUnmerged':
      return {
        entry: {
          ...base,
          summary: `Unmerged from job ${event.data.canonicalId}: listed on its own, never merged with it again`,
          changes: [{ field: 'mergedInto', before: event.data.canonicalId, after: null }],
        },
        content: previous,
      };
    default: {
      const unknown: never = event;
      return {
        entry: { ...base, summary: (unknown as { type: string }).type, changes: [] },
        content: previous,
      };
    }
  }
}

/**
 * The timeline, oldest first; null when the stream does not exist. The events of `linkedJobIds` (the jobs
 * merged into this one: every other source of it, docs/duplicates.md) are woven in by time.
 */
export async function jobHistory(
  store: EventStore,
  jobId: string,
  linkedJobIds: readonly string[] = [],
): Promise<HistoryEntry[] | null> {
  const own = await streamHistory(store, jobId);
  if (!own) return null;
  const linked = await Promise.all(linkedJobIds.map((id) => streamHistory(store, id)));
  const woven = linked.flatMap((entries, i) =>
    (entries ?? []).map((e) => ({
      ...e,
      linkedJobId: linkedJobIds[i]!,
      summary: `Linked job ${linkedJobIds[i]!}: ${e.summary}`,
    })),
  );
  if (woven.length === 0) return own;
  return [...own, ...woven].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

async function streamHistory(store: EventStore, jobId: string): Promise<HistoryEntry[] | null> {
  const events = await store.readStream(jobStreamId(jobId)).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return null;
    throw err;
  });
  if (!events) return null;
  let content: JobContent | null = null;
  return events.map((recorded) => {
    const next = entry(recorded, content);
    content = next.content;
    return next.entry;
  });
}
