/**
 * Node CPU of a search-index rebuild's rows, per job: `npx tsx scripts/bench/micro-search-rows.ts <database> [n]`
 * reads n JobPosted events (default 5,000) from a bench database (BENCH_PG_PORT) and times, alternating rounds,
 * the documents and COPY rows the rebuild makes of them (GC included). Not part of `npm run bench`.
 */
import pg from 'pg';
import type { JobPosted } from '@jobs/contracts';
import { toSearchDocument } from '@jobs/search/projection';
import { stagingRowOf } from '@jobs/search/postgres';
import { copyField } from '@jobs/projections/copy';

const [name, count] = process.argv.slice(2);
const pool = new pg.Pool({
  connectionString: `postgres://postgres:postgres@127.0.0.1:${process.env.BENCH_PG_PORT ?? 54349}/${name}`,
});
const { rows } = await pool.query<{ data: JobPosted }>(
  `select data from events where type = 'JobPosted' order by global_position limit $1`,
  [Number(count ?? 5000)],
);
await pool.end();
let sink = 0;
for (let round = 0; round < 6; round++) {
  const cpu = process.cpuUsage();
  for (const { data: d } of rows) {
    const doc = toSearchDocument(d.jobId, { publicId: d.publicId, slug: d.slug, source: d.source }, d.job);
    const row = stagingRowOf(doc);
    let line = '';
    for (const v of row) line += copyField(v) + '\t';
    sink += line.length;
  }
  const used = process.cpuUsage(cpu);
  console.log(`round ${round}: ${((used.user + used.system) / rows.length).toFixed(1)} µs CPU per job`);
}
console.log(sink > 0 ? '' : '-');
