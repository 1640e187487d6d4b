import type pg from 'pg';
import type { EventStore } from '@jobs/contracts/eventstore';
import { createPostgresEventStore, migratePostgresEventStore } from './postgres';

export { createPostgresEventStore, migratePostgresEventStore } from './postgres';

/** EventStoreDB when a URL is given, else the events table in PostgreSQL (migrated here). */
export async function openEventStore(options: {
  eventStoreUrl?: string;
  pool: pg.Pool;
}): Promise<EventStore> {
  if (options.eventStoreUrl) {
    // Loaded on demand: the gRPC client is only needed when EventStoreDB is used.
    const { createEventStoreDbStore } = await import('./eventstoredb');
    return createEventStoreDbStore(options.eventStoreUrl);
  }
  await migratePostgresEventStore(options.pool);
  return createPostgresEventStore(options.pool);
}
