/**
 * Where a keystroke's time goes in the server: `npx tsx scripts/bench/profile-typing.ts <database>` on a database
 * kept by `BENCH_KEEP=1 npm run bench` (PROFILE_PEOPLE typists, default 8; PROFILE_CPU_PROF=dir writes the server's
 * V8 CPU profile there). Starts the real server with answer reuse off, waits for the embedded index, runs the
 * typing scenario and prints its latencies, the server's CPU ms per request, and the response sizes.
 * Not part of `npm run bench`: a tool for tuning.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startLoadServer } from '../load/server';
import { benchTargets } from './targets';
import { processCpuMs } from './proc';
import { summarize, typing, untilSearchReady } from './typing';

const name = process.argv[2];
if (!name) throw new Error('usage: profile-typing.ts <database kept by BENCH_KEEP=1>');
const people = Number(process.env.PROFILE_PEOPLE ?? 8);
const root = path.resolve(import.meta.dirname, '../..');
const [target] = await benchTargets();
const db = target!.existingDatabase(name);
const profDir = process.env.PROFILE_CPU_PROF;
const startedAt = performance.now();
const server = await startLoadServer({
  root,
  databaseUrl: db.url,
  log: () => undefined,
  env: { SEARCH_CACHE_SECONDS: '0' },
  nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : [],
});
try {
  console.log(`ready in ${((await untilSearchReady(server, startedAt, 600_000)) / 1000).toFixed(1)} s`);
  for (const url of ['/api/jobs', '/api/jobs?title=react%20eng', '/api/suggestions?text=eng']) {
    const res = await fetch(`${server.baseUrl}${url}`);
    const body = Buffer.from(await res.arrayBuffer());
    const raw = await fetch(`${server.baseUrl}${url}`, { headers: { 'accept-encoding': 'identity' } });
    const text = await raw.text();
    if (process.env.PROFILE_DUMP)
      fs.writeFileSync(path.join(process.env.PROFILE_DUMP, `${url.replace(/\W+/g, '_')}.json`), text);
    console.log(
      `${url}: ${body.length} bytes on the wire (${res.headers.get('content-encoding') ?? 'identity'}), ${Buffer.byteLength(text)} bytes raw`,
    );
  }
  const cpu0 = processCpuMs(server.pid);
  if (process.env.PROFILE_PEOPLE === '0') process.exit(0);
  const r = await typing(server.baseUrl, people, Number(process.env.BENCH_TYPING_PAUSE_MS ?? 50));
  const cpu = processCpuMs(server.pid) - cpu0;
  const f = summarize(r.feed);
  const s = summarize(r.suggestions);
  const fmt = (x: number) => x.toFixed(1);
  console.log(`feed p50/p95/p99/max ${fmt(f.p50)}/${fmt(f.p95)}/${fmt(f.p99)}/${fmt(f.max)} (n ${f.n})`);
  console.log(
    `suggestions p50/p95/p99/max ${fmt(s.p50)}/${fmt(s.p95)}/${fmt(s.p99)}/${fmt(s.max)} (n ${s.n})`,
  );
  console.log(`server CPU ${fmt(cpu)} ms, ${fmt(cpu / (f.n + s.n))} ms per request`);
} finally {
  await server.stop();
  await db.drop();
  await target!.close();
}
