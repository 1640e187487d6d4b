import { benchTargets } from './bench/targets';
import { benchEventStore, type Row } from './bench/eventstore';
import { benchJobs } from './bench/jobs';

/**
 * `npm run bench`: measures on the embedded default and, with DATABASE_URL, on that server too.
 * BENCH_EVENTS (per writer, default 5000) scales the event store part; BENCH_JOBS (default 100,000) the
 * jobs part; BENCH_SECONDS (default 5) how long each HTTP load runs; BENCH_ONLY=eventstore|jobs picks one.
 * BENCH_KEEP=1 keeps the jobs database and prints its name; BENCH_DB=<name> measures the HTTP calls on such a
 * database again without seeding; BENCH_REBUILD=0 skips the rebuild of every read model (long at 1,000,000 jobs).
 */
async function main() {
  const eventsPerWriter = Number(process.env.BENCH_EVENTS ?? 5000);
  const rows: Row[] = [];
  const targets = await benchTargets();
  const only = process.env.BENCH_ONLY;
  const jobs = Number(process.env.BENCH_JOBS ?? 100_000);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  for (const t of targets) {
    if (only !== 'jobs') {
      console.error(`… ${t.label}: event store (${eventsPerWriter * 4} events)`);
      rows.push(...(await benchEventStore(t, eventsPerWriter)));
    }
    if (only !== 'eventstore') {
      console.error(
        `… ${t.label}: jobs (${jobs.toLocaleString()} through ingestion, HTTP at concurrency 32)`,
      );
      rows.push(...(await benchJobs(t, jobs, seconds)));
    }
  }
  for (const t of targets) await t.close();
  printTable(rows);
}

function printTable(rows: Row[]) {
  const cols = ['target', 'metric', 'value'] as const;
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 2 ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join(' | ')} |`;
  console.log(line([...cols]));
  console.log(`|${width.map((w, i) => (i === 2 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|')}|`);
  for (const r of rows) console.log(line([r.target, r.metric, r.value]));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
