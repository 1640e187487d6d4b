/**
 * The embedded engine alone, keystroke by keystroke: `npx tsx scripts/bench/profile-engine.ts <database>` on a
 * database kept by `BENCH_KEEP=1 npm run bench`. Builds the index from the events like a server without a snapshot,
 * then asks every keystroke of the typing scenario (feed page 1 by date, suggestions from 2 characters) in this
 * process, without HTTP, and prints the distribution and the slowest keystrokes. Not part of `npm run bench`.
 */
import { createMemorySearchIndex, EmbeddedIndexFollower } from '@jobs/search';
import { benchServices, benchTargets } from './targets';
import { summarize, TYPED_QUERIES } from './typing';

const name = process.argv[2];
if (!name) throw new Error('usage: profile-engine.ts <database kept by BENCH_KEEP=1>');
const [target] = await benchTargets();
const db = target!.existingDatabase(name);
const services = await benchServices(db, 'cli');
const t0 = performance.now();
const follower = new EmbeddedIndexFollower({ store: services.store });
follower.start();
await follower.whenReady();
console.log(`built ${follower.engine.size} jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const index = createMemorySearchIndex(follower.engine);
const rounds = Number(process.env.PROFILE_ROUNDS ?? 3);
const feed: { ms: number; q: string }[] = [];
const sugg: { ms: number; q: string }[] = [];
for (let round = 0; round < rounds; round++) {
  for (const query of TYPED_QUERIES) {
    for (let n = 1; n <= query.length; n++) {
      const typed = query.slice(0, n);
      if (typed.endsWith(' ')) continue;
      let t = performance.now();
      await index.search({ text: typed, sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 20 });
      if (round > 0) feed.push({ ms: performance.now() - t, q: typed });
      if (typed.trim().length >= 2) {
        t = performance.now();
        await index.suggest(typed, 8);
        if (round > 0) sugg.push({ ms: performance.now() - t, q: typed });
      }
    }
  }
}
const show = (label: string, xs: { ms: number; q: string }[]) => {
  const s = summarize(xs.map((x) => x.ms));
  console.log(
    `${label}: p50 ${s.p50.toFixed(2)} p95 ${s.p95.toFixed(2)} p99 ${s.p99.toFixed(2)} max ${s.max.toFixed(2)} ms (n ${s.n})`,
  );
  const worst = new Map<string, number>();
  for (const x of xs) worst.set(x.q, Math.max(worst.get(x.q) ?? 0, x.ms));
  console.log(
    '  slowest: ' +
      [...worst.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([q, ms]) => `${JSON.stringify(q)} ${ms.toFixed(1)}`)
        .join(', '),
  );
};
show('feed', feed);
show('suggestions', sugg);
await follower.stop({ snapshot: false });
await services.close();
await db.drop();
await target!.close();
