import type { SqlProjection } from '../projection';
import type { RecordedEvent } from '@jobs/contracts/eventstore';
import type { IngestionSourceCreated, IngestionSourceTokenRotated } from '@jobs/contracts/sources';

export const INGESTION_SOURCES_PROJECTION = 'ingestion-sources';

/** Job events count as a source's activity when a source appended them (actor `source:{id}`). */
const JOB_EVENT_TYPES = ['JobPosted', 'JobUpdated', 'JobRemoved', 'JobReposted'] as const;

function sourceOf(event: RecordedEvent): string | null {
  const actor = event.metadata?.actor;
  return typeof actor === 'string' && actor.startsWith('source:') ? actor.slice('source:'.length) : null;
}

/**
 * `ingestion_sources`: one row per source, found by the hash of its bearer token (the ingestion API's
 * authentication). `items_ingested` counts the job events a source's batches appended (unchanged
 * items append nothing, so they do not count), `last_ingest_at` is the time of the newest.
 */
export function ingestionSourcesProjection(): SqlProjection {
  return {
    name: INGESTION_SOURCES_PROJECTION,
    eventTypes: ['IngestionSourceCreated', 'IngestionSourceTokenRotated', ...JOB_EVENT_TYPES],
    tables: ['ingestion_sources'],
    migrations: [
      `create table if not exists ingestion_sources (
         id text primary key,
         name text not null,
         kind text not null,
         token_hash text not null unique,
         created_at timestamptz not null,
         token_rotated_at timestamptz,
         last_ingest_at timestamptz,
         items_ingested bigint not null default 0,
         revision int not null
       )`,
    ],
    async handle(event, tx) {
      switch (event.type) {
        case 'IngestionSourceCreated': {
          const d = event.data as IngestionSourceCreated;
          await tx.query(
            `insert into ingestion_sources (id, name, kind, token_hash, created_at, revision)
             values ($1, $2, $3, $4, $5, $6)
             on conflict (id) do nothing`,
            [d.sourceId, d.name, d.kind, d.tokenHash, d.createdAt, event.revision],
          );
          return;
        }
        case 'IngestionSourceTokenRotated': {
          const d = event.data as IngestionSourceTokenRotated;
          await tx.query(
            `update ingestion_sources set token_hash = $2, token_rotated_at = $3, revision = $4
             where id = $1 and revision < $4`,
            [d.sourceId, d.tokenHash, d.rotatedAt, event.revision],
          );
          return;
        }
        default: {
          const sourceId = sourceOf(event);
          if (!sourceId) return;
          await tx.query(
            `update ingestion_sources
             set items_ingested = items_ingested + 1,
                 last_ingest_at = greatest(coalesce(last_ingest_at, $2::timestamptz), $2::timestamptz)
             where id = $1`,
            [sourceId, event.recordedAt],
          );
        }
      }
    },
    // Source events in order; the per-source activity of a batch's job events added up and written once.
    async handleBatch(events, tx) {
      const activity = new Map<string, { n: number; last: string }>();
      for (const event of events) {
        if (event.type === 'IngestionSourceCreated' || event.type === 'IngestionSourceTokenRotated') {
          await this.handle(event, tx);
          continue;
        }
        const sourceId = sourceOf(event);
        if (!sourceId) continue;
        const a = activity.get(sourceId);
        if (!a) activity.set(sourceId, { n: 1, last: event.recordedAt });
        else {
          a.n += 1;
          if (event.recordedAt > a.last) a.last = event.recordedAt;
        }
      }
      for (const [sourceId, a] of activity) {
        await tx.query(
          `update ingestion_sources
           set items_ingested = items_ingested + $3,
               last_ingest_at = greatest(coalesce(last_ingest_at, $2::timestamptz), $2::timestamptz)
           where id = $1`,
          [sourceId, a.last, a.n],
        );
      }
    },
  };
}
