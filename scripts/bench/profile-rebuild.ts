/**
 * Read-model rebuild rates, one projection at a time: `npx tsx scripts/bench/profile-rebuild.ts <database> [name…]`
 * on a database kept by `BENCH_KEEP=1 npm run bench` (no server may run on it). Prints events/s per read model over
 * every event in the store (what `npm run projections:rebuild` replays). Not part of `npm run bench`.
 */
import { benchServices, benchTargets } from './targets';

const [name, ...only] = process.argv.slice(2);
if (!name) throw new Error('usage: profile-rebuild.ts <database kept by BENCH_KEEP=1> [projection…]');
const [target] = await benchTargets();
const db = target!.existingDatabase(name);
const services = await benchServices(db, 'cli');
const head = await services.store.countAfter(null, 100_000_000);
const names = only.length ? only : (await services.runner.status()).map((s) => s.name);
let total = 0;
for (const projection of names) {
  const t0 = performance.now();
  await services.runner.rebuild(projection);
  const s = (performance.now() - t0) / 1000;
  total += s;
  console.log(
    `${projection.padEnd(28)} ${s.toFixed(1).padStart(7)} s  ${Math.round(head / s)
      .toLocaleString()
      .padStart(9)} events/s`,
  );
}
console.log(
  `${'all'.padEnd(28)} ${total.toFixed(1).padStart(7)} s  ${Math.round(head / total)
    .toLocaleString()
    .padStart(9)} events/s (${head.toLocaleString()} events)`,
);
await services.close();
await db.drop();
await target!.close();
