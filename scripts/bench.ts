import { benchTargets } from './bench/targets';
import { benchEventStore, type Row } from './bench/eventstore';
import { benchJobs } from './bench/jobs';
import { benchBulk } from './bench/bulk';
import { benchSearchScenarios } from './bench/typing';
import { benchMcp } from './bench/mcp';
import { benchRestart } from './bench/restart';
import { benchSsr } from './bench/ssr';

/**
 * `npm run bench`: measures on the embedded default and, with DATABASE_URL, on that server too.
 * BENCH_EVENTS (per writer, default 5000) scales the event store part; BENCH_JOBS (default 100,000) the
 * jobs part; BENCH_SECONDS (default 5) how long each HTTP load runs; BENCH_ONLY=eventstore|jobs|bulk picks one.
 * BENCH_KEEP=1 keeps the jobs database and prints its name; BENCH_DB=<name> measures the HTTP calls on such a
 * database again without seeding; BENCH_REBUILD=0 skips the rebuild of every read model (long at 1,000,000 jobs).
 * BENCH_ONLY=bulk: only issue 26's bulk figures (scripts/bench/bulk.ts; BENCH_BULK_JOBS, default BENCH_JOBS).
 * BENCH_ONLY=search with BENCH_DB=<name>: only the typing and browsing scenarios (issue 17) on that database;
 * BENCH_TYPING_PAUSE_MS (default 50) is the pause between one person's keystrokes. With MEILI_URL (and
 * MEILI_MASTER_KEY), the scenarios run on Meilisearch too. BENCH_ONLY=mcp with BENCH_DB=<name>: 8 agents calling
 * the MCP search tool beside GET /api/jobs for the same searches (issue 25; scripts/bench/mcp.ts).
 * BENCH_ONLY=restart: a Ctrl-C stop and the next start at BENCH_JOBS jobs (scripts/bench/restart.ts).
 * BENCH_ONLY=ssr: 8 visitors opening distinct server-rendered job pages and search URLs beside the /healthz floor
 * (issue 23; BENCH_SSR_JOBS, default 100,000; BENCH_SSR_DATA_DIR reuses a seeded board; scripts/bench/ssr.ts).
 */
async function main() {
  const eventsPerWriter = Number(process.env.BENCH_EVENTS ?? 5000);
  const rows: Row[] = [];
  const only = process.env.BENCH_ONLY;
  const jobs = Number(process.env.BENCH_JOBS ?? 100_000);
  // BENCH_ONLY=restart: stop and start again at BENCH_JOBS jobs (scripts/bench/restart.ts).
  if (only === 'restart') return printTable(await benchRestart(jobs));
  // BENCH_ONLY=ssr: server-rendered pages beside the trivial route (scripts/bench/ssr.ts), its own server.
  if (only === 'ssr') return printTable(await benchSsr());
  const targets = await benchTargets();
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  for (const t of targets) {
    if (only === 'search' || only === 'mcp') {
      const name = process.env.BENCH_DB;
      if (!name) throw new Error(`BENCH_ONLY=${only} needs BENCH_DB=<a database kept by BENCH_KEEP=1>`);
      const db = t.existingDatabase(name);
      const { rows: count } = await db.pool.query<{ n: number }>(
        "select count(*)::int as n from jobs where status = 'live'",
      );
      const metric = (m: string, value: string) => rows.push({ target: t.label, metric: m, value });
      const fmt = (n: number) =>
        n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString();
      const scenario = only === 'mcp' ? benchMcp : benchSearchScenarios;
      await scenario({ root: process.cwd(), databaseUrl: db.url, jobs: count[0]!.n, seconds, metric, fmt });
      await db.drop();
      continue;
    }
    if (only !== 'jobs' && only !== 'bulk') {
      console.error(`… ${t.label}: event store (${eventsPerWriter * 4} events)`);
      rows.push(...(await benchEventStore(t, eventsPerWriter)));
    }
    if (!only || only === 'bulk') {
      const bulkJobs = Number(process.env.BENCH_BULK_JOBS ?? jobs);
      console.error(`… ${t.label}: bulk (${bulkJobs.toLocaleString()} jobs seeded in-process, rebuilds)`);
      rows.push(...(await benchBulk(t, bulkJobs)));
    }
    if (only !== 'eventstore' && only !== 'bulk') {
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
