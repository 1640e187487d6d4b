/**
 * The duplicate fingerprint's cost per description, by part: `npx tsx scripts/bench/fingerprint-micro.ts [jobs]`
 * on generated demo jobs (the realistic vocabulary). Prints µs per job for the HTML split, the words, the shingles,
 * the MinHash and the whole `fingerprintOf`.
 */
import { htmlToText } from '@jobs/contracts/description-text';
import { generateJobs } from '../../backend/src/features/seed/generate';
import { normaliseJob } from '../../backend/src/features/jobs/normalise';
import { fingerprintOf, minhashOf, shingleHashes } from '../../backend/src/features/jobs/dedupe/fingerprint';

const count = Number(process.argv[2] ?? 3000);
const now = new Date('2026-06-01T00:00:00Z');
const jobs = generateJobs({ count, offset: 7, now }).map((item) => normaliseJob(item, { now }));
// Fresh strings, as a rebuild reads them (the lines cache keyed by content must miss).
const fresh = () => jobs.map((j) => JSON.parse(JSON.stringify(j)) as (typeof jobs)[number]);
// eslint-disable-next-line no-control-regex
const nonAscii = jobs.filter((j) => !/^[\x00-\x7f]*$/.test(j.description)).length;
console.log(`${count} jobs, ${nonAscii} with non-ASCII descriptions`);

function time(label: string, run: (list: typeof jobs) => void) {
  const best: number[] = [];
  for (let r = 0; r < 5; r++) {
    const list = fresh();
    const t0 = performance.now();
    run(list);
    best.push(((performance.now() - t0) * 1000) / list.length);
  }
  best.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(24)} ${best[0]!.toFixed(1).padStart(7)} µs/job (median ${best[2]!.toFixed(1)})`,
  );
}
time('htmlToText (no cache)', (l) => l.forEach((j) => htmlToText(j.description, 200_000, { cache: false })));
time('shingleHashes', (l) => l.forEach((j) => shingleHashes(j.description)));
const sets = jobs.map((j) => shingleHashes(j.description));
time('minhashOf', () => sets.forEach((s) => minhashOf(s)));
time('fingerprintOf', (l) => l.forEach((j) => fingerprintOf(j)));
