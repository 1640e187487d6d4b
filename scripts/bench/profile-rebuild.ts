/**
 * Read-model rebuild rates, one projection at a time: `npx tsx scripts/bench/profile-rebuild.ts <database> [name…]`
 * on a database kept by `BENCH_KEEP=1 npm run bench` (no server may run on it). Prints events/s per read model over
 * every event in the store (what `npm run projections:rebuild` replays). Not part of `npm run bench`.
 */
import type { Position } from '@jobs/contracts/eventstore';
import { EmbeddedIndexFollower } from '@jobs/search';
import { JOB_EVENT_TYPES } from '@jobs/search/projection';
import { postgresCpuMs } from './proc';
import { BENCH_PG_PORT, benchServices, benchTargets } from './targets';

const [name, ...only] = process.argv.slice(2);
if (!name) throw new Error('usage: profile-rebuild.ts <database kept by BENCH_KEEP=1> [projection…]');
const [target] = await benchTargets();
const db = target!.existingDatabase(name);
const services = await benchServices(db, 'cli');
const head = await services.store.countAfter(null, 100_000_000);
const names = only.length ? only : (await services.runner.status()).map((s) => s.name);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return ((used.user + used.system) / 1000 / head).toFixed(3);
};
// Floor: reading the job events in pages of 5,000 without applying them.
{
  const cpu = process.cpuUsage();
  const pg0 = postgresCpuMs(BENCH_PG_PORT);
  const t0 = performance.now();
  let after: Position | null = null;
  for (;;) {
    const page = await services.store.readAll({ after, maxCount: 5000, eventTypes: JOB_EVENT_TYPES });
    if (page.length === 0) break;
    after = page[page.length - 1]!.position;
  }
  console.log(
    `${'floor: reading job events'.padEnd(28)} ${Math.round(head / ((performance.now() - t0) / 1000))
      .toLocaleString()
      .padStart(
        17,
      )} events/s  CPU ms/event node ${cpuMs(cpu)} + PostgreSQL ${((postgresCpuMs(BENCH_PG_PORT) - pg0) / head).toFixed(3)}`,
  );
}
let total = 0;
for (const projection of names) {
  const cpu = process.cpuUsage();
  const pg0 = postgresCpuMs(BENCH_PG_PORT);
  const t0 = performance.now();
  if (projection === 'search-embedded') {
    const embedded = new EmbeddedIndexFollower({ store: services.store });
    embedded.start();
    await embedded.whenReady();
    await embedded.stop({ snapshot: false });
  } else await services.runner.rebuild(projection);
  const s = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu);
  const node = (used.user + used.system) / 1000 / head;
  const pgMs = (postgresCpuMs(BENCH_PG_PORT) - pg0) / head;
  total += s;
  console.log(
    `${projection.padEnd(28)} ${s.toFixed(1).padStart(7)} s  ${Math.round(head / s)
      .toLocaleString()
      .padStart(9)} events/s  CPU ms/event node ${node.toFixed(3)} + PostgreSQL ${pgMs.toFixed(3)}`,
  );
}
console.log(
  `${'all'.padEnd(28)} ${total.toFixed(1).padStart(7)} s  ${Math.round(head / total)
    .toLocaleString()
    .padStart(9)} events/s (${head.toLocaleString()} events)`,
);
await services.close();
if (!process.env.PROFILE_KEEP) await db.drop();
await target!.close();
