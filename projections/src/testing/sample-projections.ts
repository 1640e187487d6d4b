import type { ExternalProjection, SqlProjection } from '../projection';
import type { RecordedEvent } from '@jobs/contracts/eventstore';

/** Test projections. `stream-counts` is idempotent by stream revision; `event-tally` is deliberately not, so applying an event twice shows. */
export interface SampleOptions {
  /** Throw on events whose data has `poison: true` while this returns true (asked on each attempt). */
  poisoned?: (event: RecordedEvent) => boolean;
}

function isPoison(event: RecordedEvent): boolean {
  return (event.data as { poison?: boolean } | null)?.poison === true;
}

export function streamCounts(options: SampleOptions = {}): SqlProjection {
  return {
    name: 'stream-counts',
    eventTypes: ['ThingHappened'],
    tables: ['stream_counts'],
    migrations: [
      `create table if not exists stream_counts (
         stream_id text primary key, events int not null, revision int not null)`,
    ],
    async handle(event, tx) {
      if (isPoison(event) && options.poisoned?.(event)) throw new Error('poisoned event');
      await tx.query(
        `insert into stream_counts (stream_id, events, revision) values ($1, 1, $2)
         on conflict (stream_id) do update set events = stream_counts.events + 1, revision = excluded.revision
         where stream_counts.revision < excluded.revision`,
        [event.streamId, event.revision],
      );
    },
  };
}

export function eventTally(): SqlProjection {
  return {
    name: 'event-tally',
    eventTypes: ['ThingHappened', 'OtherThingHappened'],
    tables: ['event_tally'],
    migrations: ['create table if not exists event_tally (type text primary key, n int not null)'],
    async handle(event, tx) {
      await tx.query(
        `insert into event_tally (type, n) values ($1, 1) on conflict (type) do update set n = event_tally.n + 1`,
        [event.type],
      );
    },
  };
}

export function sampleProjections(options: SampleOptions = {}): SqlProjection[] {
  return [streamCounts(options), eventTally()];
}

/** An external projection into memory: upserts by event id, like the search index does by job id. */
export function memoryIndex(): ExternalProjection & { docs: Map<string, RecordedEvent>; batches: number } {
  const docs = new Map<string, RecordedEvent>();
  return {
    kind: 'external',
    name: 'memory-index',
    eventTypes: ['ThingHappened'],
    docs,
    batches: 0,
    async reset() {
      docs.clear();
    },
    async handleBatch(events) {
      this.batches++;
      for (const e of events) docs.set(e.id, e);
    },
  };
}
