import crypto from 'node:crypto';
import type { Projection } from '@jobs/projections';
import { createProjectionRunner } from '@jobs/projections';
import { createPostgresEventStore, migratePostgresEventStore } from '../../backend/src/eventstore';
import type { BenchTarget } from './targets';

export interface Row {
  target: string;
  metric: string;
  value: string;
}

const WRITERS = 4;

/** Append throughput with 4 concurrent writers (one event per append, as commands do), then projection catch-up. */
export async function benchEventStore(t: BenchTarget, eventsPerWriter: number): Promise<Row[]> {
  const db = await t.freshDatabase('es');
  try {
    await migratePostgresEventStore(db.pool);
    const store = await createPostgresEventStore(db.pool);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < eventsPerWriter; i++) {
          await store.append(
            `bench-${w}-${i % 500}`,
            [
              {
                id: crypto.randomUUID(),
                type: 'BenchEvent',
                data: { writer: w, i, text: 'x'.repeat(200) },
                metadata: { actor: 'system:bench', at: new Date().toISOString() },
              },
            ],
            { expectedRevision: 'any' },
          );
        }
      }),
    );
    const appendSeconds = (performance.now() - t0) / 1000;
    const total = WRITERS * eventsPerWriter;

    const projection: Projection = {
      name: 'bench-counter',
      eventTypes: ['BenchEvent'],
      migrations: ['create table if not exists bench_counts (stream_id text primary key, n int not null)'],
      tables: ['bench_counts'],
      async handle(event, tx) {
        await tx.query(
          'insert into bench_counts (stream_id, n) values ($1, 1) on conflict (stream_id) do update set n = bench_counts.n + 1',
          [event.streamId],
        );
      },
    };
    const runner = createProjectionRunner({ store, pool: db.pool, projections: [projection] });
    const head = await store.headPosition();
    const t1 = performance.now();
    await runner.start();
    const ok = await runner.waitForPosition(head, 600_000);
    const catchUpSeconds = (performance.now() - t1) / 1000;
    await runner.stop();
    await store.close();
    if (!ok) throw new Error('projection did not catch up');
    return [
      {
        target: t.label,
        metric: `event store append, ${WRITERS} writers (events/s)`,
        value: Math.round(total / appendSeconds).toLocaleString(),
      },
      {
        target: t.label,
        metric: 'projection catch-up (events/s)',
        value: Math.round(total / catchUpSeconds).toLocaleString(),
      },
    ];
  } finally {
    await db.drop();
  }
}
