/**
 * The embedded index built from the events of an existing board, alone in this process:
 * `npx tsx scripts/bench/profile-embedded.ts <database URL> [rounds]` (a board's embedded PostgreSQL, say
 * postgres://postgres:postgres@127.0.0.1:5499/jobs while its server runs). Prints each build's wall time, events/s
 * and this process's and PostgreSQL's CPU ms per event; add `node --cpu-prof` for a profile. `PROFILE_WORKER=0`: no
 * threads; `PROFILE_RANGES=0`: threads that are sent their pages instead of reading them. Not part of `npm run bench`.
 */
import fs from 'node:fs';
import pg from 'pg';
import { EmbeddedIndexFollower } from '@jobs/search';
import { postgresCpuMs } from './proc';
import { benchServices } from './targets';

const url = process.argv[2];
if (!url) throw new Error('usage: profile-embedded.ts <database URL> [rounds]');
const rounds = Number(process.argv[3] ?? 1);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const services = await benchServices({ name: 'board', url, pool, drop: () => pool.end() }, 'cli');
const events = Number(
  (await pool.query<{ n: string }>(`select count(*) as n from events where type like 'Job%'`)).rows[0]!.n,
);
/** This process's main thread's CPU ms (Linux: /proc; its other threads are the worker, GC and I/O helpers). */
function mainThreadCpuMs(): number {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return NaN;
  }
}

const pgPort = Number(new URL(url).port || 5432);
const store =
  process.env.PROFILE_RANGES === '0' ? { ...services.store, rangeSource: undefined } : services.store;
for (let round = 0; round < rounds; round++) {
  const t0 = performance.now();
  const pg0 = postgresCpuMs(pgPort);
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpuMs();
  const follower = new EmbeddedIndexFollower({
    store,
    workerFromEvents: process.env.PROFILE_WORKER === '0' ? 0 : undefined,
    logger: {
      info: (obj, msg) => console.log(msg, JSON.stringify(obj)),
      warn: (obj, msg) => console.warn(msg, obj),
    },
  });
  follower.start();
  await follower.whenReady();
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `built ${follower.engine.size.toLocaleString()} jobs from ~${events.toLocaleString()} job events in ${s.toFixed(2)} s ` +
      `(${Math.round(events / s).toLocaleString()} events/s; ${((cpu.user + cpu.system) / 1000 / events).toFixed(3)} CPU ms/event, ` +
      `main thread ${((mainThreadCpuMs() - main0) / events).toFixed(3)}; PostgreSQL ${((postgresCpuMs(pgPort) - pg0) / events).toFixed(3)})`,
  );
  await follower.stop({ snapshot: false });
}
await services.close?.();
await pool.end();
