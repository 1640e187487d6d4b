/**
 * The in-process seed's cost: `npx tsx scripts/bench/profile-seed.ts <jobs>` (default 20,000) seeds that many demo jobs
 * as `npm run seed` does (every projection running in this process) into a fresh database, waits until every read
 * model has them, and prints jobs/s end to end and CPU ms per job (this process; the bench cluster's PostgreSQL).
 * PROFILE_KEEP=1 keeps the database. Run it under `node --cpu-prof --import tsx` for a profile of the seed.
 */
import type { Position } from '@jobs/contracts/eventstore';
import { seedBulkLoad, seedDemoData } from '../../backend/src/features/seed/seed';
import { postgresCpuMs } from './proc';
import { BENCH_PG_PORT, benchServices, benchTargets } from './targets';

const jobs = Number(process.argv[2] ?? 20_000);
const [target] = await benchTargets();
const db = await target!.freshDatabase('seed');
const services = await benchServices(db, 'cli');
await services.runner.migrate();
const statements = Boolean(process.env.PROFILE_STATEMENTS);
if (statements) {
  // Needs shared_preload_libraries = 'pg_stat_statements' in the bench cluster's postgresql.auto.conf.
  await db.pool.query('create extension if not exists pg_stat_statements');
  await db.pool.query('select pg_stat_statements_reset()');
}
await services.runner.start();
const cpu = process.cpuUsage();
const pg0 = postgresCpuMs(BENCH_PG_PORT);
const t0 = performance.now();
// SEED_BULK=0: the read models keep their indexes and counts row by row (the code before seedBulkLoad).
const finish = process.env.SEED_BULK === '0' ? null : await seedBulkLoad(services, jobs);
// CPU ms per job of each slice of the seed (the company profiles come first: most are written in the first slices).
const SLICE = Number(process.env.PROFILE_SLICE ?? 5000);
let mark = { done: 0, cpu: process.cpuUsage(), pg: postgresCpuMs(BENCH_PG_PORT), at: performance.now() };
const result = await seedDemoData(services, {
  jobs,
  onProgress: ({ done }) => {
    if (done - mark.done < SLICE) return;
    const c = process.cpuUsage(mark.cpu);
    const pgNow = postgresCpuMs(BENCH_PG_PORT);
    const n = done - mark.done;
    console.log(
      `  jobs ${mark.done}-${done}: ${Math.round(n / ((performance.now() - mark.at) / 1000))} jobs/s ingested, CPU ms/job node ${((c.user + c.system) / 1000 / n).toFixed(3)} + PostgreSQL ${((pgNow - mark.pg) / n).toFixed(3)}`,
    );
    mark = { done, cpu: process.cpuUsage(), pg: pgNow, at: performance.now() };
  },
});
const ingested = (performance.now() - t0) / 1000;
const behind = (await services.runner.status()).filter((st) => st.lagEvents > 0);
console.log(
  `  when the ingest ended: ${behind.map((st) => `${st.name} ${st.lagEvents} events behind`).join(', ')}`,
);
for (;;) {
  const head = await services.store.headPosition();
  if (!(await services.runner.waitForPosition(head as Position, 600_000))) throw new Error('not caught up');
  if ((await services.store.headPosition())?.commit === head?.commit) break;
}
const caughtUp = (performance.now() - t0) / 1000;
await finish?.();
const wall = (performance.now() - t0) / 1000;
const used = process.cpuUsage(cpu);
const pg = postgresCpuMs(BENCH_PG_PORT) - pg0;
console.log(
  `seed ${jobs} jobs: ingested in ${ingested.toFixed(1)} s, read models caught up at ${caughtUp.toFixed(1)} s, indexes built at ${wall.toFixed(1)} s (bulk load ${finish ? 'on' : 'off'}): ${Math.round(jobs / wall)} jobs/s; CPU ms/job node ${((used.user + used.system) / 1000 / jobs).toFixed(3)} + PostgreSQL ${(pg / jobs).toFixed(3)} ${JSON.stringify(result.counts)}`,
);
if (statements) {
  const { rows } = await db.pool.query<{ calls: string; ms: string; rows: string; query: string }>(
    `select calls, round(total_exec_time)::text as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc limit 40`,
  );
  for (const r of rows)
    console.log(
      `${String(r.ms).padStart(7)} ms ${String(r.calls).padStart(7)} calls ${String(r.rows).padStart(8)} rows  ${r.query}`,
    );
}
await services.runner.stop();
await services.close();
if (process.env.PROFILE_KEEP) console.log(`kept ${db.name}`);
else await db.drop();
await target!.close();
