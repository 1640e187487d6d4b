import { benchTargets } from './bench/targets';
import { benchEventStore, type Row } from './bench/eventstore';

/**
 * `npm run bench`: measures on the embedded default and, with DATABASE_URL, on that server too.
 * BENCH_EVENTS (per writer, default 5000) scales the event store part.
 */
async function main() {
  const eventsPerWriter = Number(process.env.BENCH_EVENTS ?? 5000);
  const rows: Row[] = [];
  const targets = await benchTargets();
  for (const t of targets) {
    console.error(`… ${t.label}: event store (${eventsPerWriter * 4} events)`);
    rows.push(...(await benchEventStore(t, eventsPerWriter)));
  }
  for (const t of targets) await t.close();
  printTable(rows);
}

function printTable(rows: Row[]) {
  const cols = ['target', 'metric', 'value'] as const;
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 2 ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join(' | ')} |`;
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
