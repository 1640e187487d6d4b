/**
 * How much of a measured latency is the client's: `npx tsx scripts/bench/client-check.ts <database>` starts the real
 * server, then asks the cached home feed 1 and 8 at a time with fetch (undici) and with node:http (keep-alive agent,
 * scripts/load/client.ts), and prints both. Not part of `npm run bench`.
 */
import http from 'node:http';
import path from 'node:path';
import { startLoadServer } from '../load/server';
import { send } from '../load/client';
import { benchTargets } from './targets';
import { summarize, untilSearchReady } from './typing';

const name = process.argv[2];
if (!name) throw new Error('usage: client-check.ts <database>');
const root = path.resolve(import.meta.dirname, '../..');
const [target] = await benchTargets();
const db = target!.existingDatabase(name);
const t0 = performance.now();
const server = await startLoadServer({ root, databaseUrl: db.url, log: () => undefined });
await untilSearchReady(server, t0, 600_000);
const url = `${server.baseUrl}/api/jobs`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const base = new URL(server.baseUrl);
const clients = {
  fetch: async () => {
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    await res.arrayBuffer();
  },
  'node:http': async () => {
    await send(agent, base, 'GET', '/api/jobs');
  },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
try {
  for (const people of [1, 8]) {
    for (const [label, ask] of Object.entries(clients)) {
      const samples: number[] = [];
      const end = performance.now() + 5000;
      await Promise.all(
        Array.from({ length: people }, async () => {
          while (performance.now() < end) {
            const t = performance.now();
            await ask();
            samples.push(performance.now() - t);
            await sleep(50);
          }
        }),
      );
      const s = summarize(samples);
      console.log(
        `${people} at once, ${label}: p50 ${s.p50.toFixed(2)} p95 ${s.p95.toFixed(2)} p99 ${s.p99.toFixed(2)} ms (n ${s.n})`,
      );
    }
  }
} finally {
  await server.stop();
  await db.drop();
  await target!.close();
}
