/**
 * Where end-to-end ingestion time goes, per process: `npx tsx scripts/bench/profile-e2e.ts`
 * (PROFILE_JOBS, default 30000; PROFILE_INFLIGHT batches in flight, default 2; PROFILE_CPU_PROF=dir writes the
 * server's V8 CPU profile there). Starts the real server as its own process on a fresh database, posts
 * pre-generated batches of 500 through POST /api/ingest/jobs until the feed shows every job, and prints the wall
 * time and the CPU milliseconds per job of the server, of PostgreSQL's processes and of the whole machine.
 * Not part of `npm run bench`: a tool for tuning.
 */
import path from 'node:path';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import { startLoadServer } from '../load/server';
import { BENCH_PG_PORT, benchServices, benchTargets } from './targets';
import { ingestThroughApi } from './ingest';
import { machineBusyMs, postgresCpuMs, processCpuMs } from './proc';

const JOBS = Number(process.env.PROFILE_JOBS ?? 30_000);
const INFLIGHT = Number(process.env.PROFILE_INFLIGHT ?? 2);
const root = path.resolve(import.meta.dirname, '../..');
const [target] = await benchTargets();
const db = await target!.freshDatabase('e2e');
const services = await benchServices(db, 'cli');
const profDir = process.env.PROFILE_CPU_PROF;
const server = await startLoadServer({
  root,
  databaseUrl: db.url,
  log: (line) => console.error(line),
  nodeArgs: [
    ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : []),
    ...(process.env.PROFILE_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ],
});
try {
  const source = await createIngestionSource(services.store, { name: 'profile' });
  await services.runner.waitForPosition(source.position, 10_000);
  const before = {
    server: processCpuMs(server.pid),
    pg: postgresCpuMs(BENCH_PG_PORT),
    machine: machineBusyMs(),
    self: process.cpuUsage(),
  };
  const timing = await ingestThroughApi({
    baseUrl: server.baseUrl,
    token: source.token,
    jobs: JOBS,
    inFlight: INFLIGHT,
    progress: (line) => process.stderr.write(`\r  ${line}   `),
  });
  process.stderr.write('\n');
  const self = process.cpuUsage(before.self);
  const perJob = (ms: number) => `${(ms / JOBS).toFixed(3)} ms/job`;
  console.log(`${JOBS} jobs, ${INFLIGHT} batches of 500 in flight`);
  console.log(`  generated up front      ${timing.preparedMs.toFixed(0)} ms`);
  console.log(
    `  end to end              ${timing.visibleMs.toFixed(0)} ms  ${(JOBS / (timing.visibleMs / 1000)).toFixed(0)} jobs/s (accepted ${(JOBS / (timing.acceptedMs / 1000)).toFixed(0)} jobs/s)`,
  );
  console.log(`  server CPU              ${perJob(processCpuMs(server.pid) - before.server)}`);
  console.log(`  PostgreSQL CPU          ${perJob(postgresCpuMs(BENCH_PG_PORT) - before.pg)}`);
  console.log(`  this process (client)   ${perJob((self.user + self.system) / 1000)}`);
  console.log(`  machine busy (2 cores)  ${perJob(machineBusyMs() - before.machine)}`);
} finally {
  await server.stop();
  await services.close();
  await db.drop();
  await target!.close();
}
