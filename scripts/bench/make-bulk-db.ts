/**
 * A database for profile-rebuild.ts: `npx tsx scripts/bench/make-bulk-db.ts <jobs>` seeds that many demo jobs in
 * process (every projection running, as `npm run seed` does), waits for the read models and keeps the database;
 * prints its name.
 */
import type { Position } from '@jobs/contracts/eventstore';
import { seedBulkLoad, seedDemoData } from '../../backend/src/features/seed/seed';
import { benchServices, benchTargets } from './targets';

const jobs = Number(process.argv[2] ?? 20_000);
const [target] = await benchTargets();
const db = await target!.freshDatabase('keep');
const services = await benchServices(db, 'cli');
await services.runner.start();
const t0 = performance.now();
const finishBulkLoad = await seedBulkLoad(services, jobs);
await seedDemoData(services, { jobs });
for (;;) {
  const head = await services.store.headPosition();
  if (!(await services.runner.waitForPosition(head as Position, 600_000))) throw new Error('not caught up');
  if ((await services.store.headPosition())?.commit === head?.commit) break;
}
await finishBulkLoad?.();
await services.runner.stop();
console.log(`${db.name}: ${jobs} jobs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
await services.close();
await db.pool.end();
await target!.close();
