/**
 * Test fixture: runs the sample projections in a separate process, so runner.test.ts can SIGKILL it
 * in the middle of a catch-up. Env: DB_URL, BATCH_SIZE (the live batches and the bulk catch-up's pages).
 */
import pg from 'pg';
import '../../../backend/src/db/database'; // the PostgreSQL event store expects bigint parsed as number
import { createPostgresEventStore } from '../../../backend/src/eventstore/postgres';
import { createProjectionRunner } from '../runner';
import { sampleProjections } from './sample-projections';

const pool = new pg.Pool({ connectionString: process.env.DB_URL, max: 5 });
pool.on('error', () => undefined);
const store = await createPostgresEventStore(pool);
const runner = createProjectionRunner({
  store,
  pool,
  projections: sampleProjections(),
  batchSize: Number(process.env.BATCH_SIZE ?? 500),
  // The catch-up in bulk pages (far behind) as well: small pages, so a kill lands in the middle of it.
  bulkBatchSize: Number(process.env.BATCH_SIZE ?? 500),
  lockRetryMs: 100,
});
await runner.start();
process.stdout.write('started\n');
setInterval(() => undefined, 60_000);
