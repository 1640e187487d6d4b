import path from 'node:path';
import { ensureEmbeddedPostgres } from '../backend/src/db/embedded';
import { target, type BenchTarget } from './bench/targets';
import { formatReport, runLoad } from './load/run';

/**
 * `npm run load` (after `npm run build`): LOAD_VISITORS (default 50) simulated visitors for LOAD_SECONDS
 * (default 60) against the real server, started here as a child process on a fresh database and seeded
 * with LOAD_JOBS (default 100,000) jobs through the ingestion API. Prints the per-call table, requests/s
 * and the server's memory; exits 1 when any call failed. See docs/load.md.
 *
 * DATABASE_URL      a PostgreSQL server to create the fresh database on (default: embedded, .data/load)
 * LOAD_URL          a server that is already running instead (nothing started or seeded; LOAD_PID for RSS)
 * LOAD_THINK_MS     think time between steps, "min-max" (default 200-800)
 */
const root = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.error(`… ${line}`);
const positive = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number from 1 (got ${raw})`);
  return n;
};

async function main(): Promise<number> {
  const jobs = positive('LOAD_JOBS', 100_000);
  const seconds = positive('LOAD_SECONDS', 60);
  const visitors = positive('LOAD_VISITORS', 50);
  const think = /^(\d+)-(\d+)$/.exec(process.env.LOAD_THINK_MS ?? '200-800');
  if (!think) throw new Error('LOAD_THINK_MS must read "min-max" in ms, e.g. 200-800');
  const thinkMs: [number, number] = [Number(think[1]), Number(think[2])];

  let db: Awaited<ReturnType<BenchTarget['freshDatabase']>> | null = null;
  let pg: BenchTarget | null = null;
  try {
    if (!process.env.LOAD_URL) {
      if (process.env.DATABASE_URL) {
        pg = await target('server (DATABASE_URL)', process.env.DATABASE_URL, async () => undefined);
      } else {
        const embedded = await ensureEmbeddedPostgres({
          dataDir: path.resolve(process.env.LOAD_DATA_DIR ?? '.data/load'),
          port: positive('LOAD_PG_PORT', 54359),
        });
        pg = await target('embedded PostgreSQL 18', embedded.adminUrl, embedded.stop);
      }
      log(`database: a fresh one on ${pg.label}`);
      db = await pg.freshDatabase('load');
    }
    const report = await runLoad({
      root,
      jobs,
      seconds,
      visitors,
      thinkMs,
      database: db ?? undefined,
      url: process.env.LOAD_URL,
      pid: process.env.LOAD_PID ? Number(process.env.LOAD_PID) : undefined,
      log,
    });
    console.log(formatReport(report));
    return report.errors === 0 ? 0 : 1;
  } finally {
    await db?.drop();
    await pg?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
