import pg from 'pg';
import type { EventRangeReader, RangeEvent } from '@jobs/contracts/eventstore';
import type { EventRow } from './postgres';

/**
 * The PostgreSQL event store read by ranges of positions from another thread (`EventStore.rangeSource`): one
 * connection of its own, the same events as `readAll` without their metadata and time (`RangeEvent`). A build of the embedded index from
 * every event reads its pages here in its tokeniser threads, so the main thread neither parses the events' JSON
 * nor copies them to the threads.
 */
export async function openEventRangeReader(config: unknown): Promise<EventRangeReader> {
  const client = new pg.Client({
    ...(config as pg.ClientConfig),
    // Positions (bigint) as numbers, as the store's own pool reads them (database.ts), without touching the
    // process-wide parsers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  // A failed connection mid-build surfaces on the next read; an idle error must not end the thread.
  client.on('error', () => undefined);
  // One query at a time on the connection: a read asked while another runs starts when it ends.
  let previous: Promise<unknown> = Promise.resolve();
  return {
    read(after: number, upTo: number, eventTypes: readonly string[]): Promise<RangeEvent[]> {
      const read = previous.then(() => query(after, upTo, eventTypes));
      previous = read.catch(() => undefined);
      return read;
    },
    async close() {
      await previous;
      await client.end().catch(() => undefined);
    },
  };

  async function query(after: number, upTo: number, eventTypes: readonly string[]): Promise<RangeEvent[]> {
    const { rows } = await client.query<Omit<EventRow, 'metadata' | 'recorded_at'>>({
      name: 'events-range',
      text: `select global_position, stream_id, revision, event_id, type, data from events
               where global_position > $1 and global_position <= $2 and type = any($3::text[])
               order by global_position`,
      values: [after, upTo, eventTypes],
    });
    return rows.map((row) => ({
      id: row.event_id,
      type: row.type,
      data: row.data,
      streamId: row.stream_id,
      revision: row.revision,
      position: { commit: row.global_position, prepare: row.global_position },
    }));
  }
}
