/**
 * Where ingestion time goes: `npx tsx scripts/bench/profile-ingest.ts` (PROFILE_JOBS, default 20000).
 * Ingests through the service (no HTTP) with projections stopped, then rebuilds each projection on its own,
 * printing wall time and this process's CPU for each step. Not part of `npm run bench`: a tool for tuning.
 */
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { generateJobs } from '../../backend/src/features/seed/generate';
import { ingestItems } from '../../backend/src/features/ingestion/service';
import { BENCH_PG_PORT, benchServices, benchTargets } from './targets';
import { postgresCpuMs } from './proc';

const JOBS = Number(process.env.PROFILE_JOBS ?? 20_000);

async function timed(label: string, fn: () => Promise<unknown>): Promise<void> {
  const cpu = process.cpuUsage();
  const pgBefore = postgresCpuMs(BENCH_PG_PORT);
  const t = performance.now();
  await fn();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const pgMs = postgresCpuMs(BENCH_PG_PORT) - pgBefore;
  console.log(
    `${label.padEnd(28)} ${wall.toFixed(0).padStart(7)} ms wall ${((used.user + used.system) / 1000).toFixed(0).padStart(7)} ms node CPU  ${pgMs.toFixed(0).padStart(7)} ms PG CPU  ${(JOBS / (wall / 1000)).toFixed(0).padStart(6)} jobs/s`,
  );
}

const [target] = await benchTargets();
const db = await target!.freshDatabase('profile');
const services = await benchServices(db, 'cli');
try {
  await services.runner.migrate();
  const source = await createIngestionSource(services.store, { name: 'profile' });
  const now = new Date();
  const batches = Array.from({ length: Math.ceil(JOBS / 500) }, (_, i) =>
    generateJobs({ count: Math.min(500, JOBS - i * 500), offset: i * 500, now }),
  );
  await timed('ingestItems (service)', async () => {
    for (const items of batches) await ingestItems({ store: services.store }, source.sourceId, items);
  });
  // The PostgreSQL read models (the embedded index is this process's memory: profile-engine.ts builds it).
  const names = (await services.runner.status()).map((s) => s.name).filter((n) => n !== 'search-embedded');
  if (process.env.PROFILE_ONLY !== 'ingest')
    for (const name of names) await timed(`projection ${name}`, () => services.runner.rebuild(name));
} finally {
  await services.close();
  if (process.env.PROFILE_KEEP) console.log(`kept ${db.url}`);
  else {
    await db.drop();
    await target!.close();
  }
}
