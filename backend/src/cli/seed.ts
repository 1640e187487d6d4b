/**
 * npm run seed -- --jobs N [--url http://localhost:3000 --token jb_...] [--seed 42] [--batch 500]
 * npm run seed -- --stats [--jobs N] [--seed 42]
 *
 * With --stats: seeds nothing; generates the jobs and prints how realistic their vocabulary is (distinct
 * terms, description lengths, top terms, the Zipf slope), as the search tokenizer sees them.
 * With --url: sends the demo jobs to a running server's POST /api/ingest/jobs in batches (the token
 * comes from --token or INGEST_TOKEN; create one with `npm run source:create`). Without: ingests them
 * in-process through the same service function the route uses, under the 'demo' source.
 */
import { parseArgs } from 'node:util';
import { comparePositions, type Position } from '@jobs/contracts/eventstore';
import { mapLimit } from '../features/ingestion/concurrency';
import type { IngestCounts } from '../features/ingestion/service';
import { generateJobs } from '../features/seed/generate';
import { seedBulkLoad, seedDemoData, type SeedProgress } from '../features/seed/seed';
import { formatVocabularyStats, measureVocabulary } from '../features/seed/vocabulary-stats';
import { createLogger } from '../logger';
import { interruptedExitCode } from '../shutdown';
import { cliStop, runCli, withCliServices } from './run';

const HTTP_IN_FLIGHT = 3;

const USAGE =
  'Usage: npm run seed -- --jobs N [--url http://localhost:3000 --token jb_...] [--seed 42] [--batch 500]\n' +
  '       npm run seed -- --stats [--jobs N] [--seed 42]   (prints the vocabulary figures, seeds nothing)';

function progressLine({ done, total, jobsPerSecond }: SeedProgress): void {
  const line = `  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} jobs  ${Math.round(jobsPerSecond).toLocaleString('en-US')} jobs/s`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
  else console.log(line);
}

async function seedOverHttp(options: {
  url: string;
  token: string;
  jobs: number;
  batch: number;
  seed: number;
  signal: AbortSignal;
}): Promise<IngestCounts & { sent: number }> {
  const endpoint = new URL('/api/ingest/jobs', options.url).toString();
  const counts: IngestCounts = {
    created: 0,
    merged: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    reposted: 0,
    rejected: 0,
  };
  const started = performance.now();
  const now = new Date();
  const offsets: number[] = [];
  for (let offset = 0; offset < options.jobs; offset += options.batch) offsets.push(offset);
  let done = 0;
  // A few requests in flight: each answer waits for the read models, so one at a time would idle the server.
  await mapLimit(offsets, HTTP_IN_FLIGHT, async (offset) => {
    if (options.signal.aborted) return;
    const items = generateJobs({
      count: Math.min(options.batch, options.jobs - offset),
      offset,
      seed: options.seed,
      now,
    });
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items }),
      });
      if (response.status === 429 && attempt < 5) {
        const wait = Number(response.headers.get('retry-after') ?? '1');
        await new Promise((r) => setTimeout(r, wait * 1000));
        continue;
      }
      if (!response.ok) throw new Error(`POST ${endpoint}: HTTP ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { counts: IngestCounts };
      for (const key of Object.keys(counts) as (keyof IngestCounts)[]) counts[key] += body.counts[key];
      break;
    }
    done += items.length;
    progressLine({ done, total: options.jobs, jobsPerSecond: done / ((performance.now() - started) / 1000) });
  });
  return { ...counts, sent: done };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string', default: '3000' },
      url: { type: 'string' },
      token: { type: 'string' },
      seed: { type: 'string', default: '42' },
      batch: { type: 'string', default: '500' },
      help: { type: 'boolean' },
      stats: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const jobs = Number(values.jobs);
  const seed = Number(values.seed);
  const batch = Number(values.batch);
  if (
    !Number.isInteger(jobs) ||
    jobs < 0 ||
    !Number.isInteger(seed) ||
    !Number.isInteger(batch) ||
    batch < 1 ||
    batch > 1000
  ) {
    console.error(USAGE);
    return 2;
  }
  const started = performance.now();

  if (values.stats) {
    console.log(formatVocabularyStats(measureVocabulary({ count: jobs, seed })));
    console.log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  }

  if (values.url) {
    const token = values.token ?? process.env.INGEST_TOKEN;
    if (!token) {
      console.error(
        '--url needs a token: --token jb_... or INGEST_TOKEN (create one with npm run source:create).',
      );
      return 2;
    }
    console.log(`Seeding ${jobs} demo jobs through ${values.url}/api/ingest/jobs`);
    const { sent, ...counts } = await seedOverHttp({
      url: values.url,
      token,
      jobs,
      batch,
      seed,
      signal: cliStop.signal,
    });
    if (cliStop.stopping) {
      console.log(
        `\nInterrupted after ${sent.toLocaleString('en-US')} of ${jobs.toLocaleString('en-US')} jobs: the same command again sends them all (what is there already is unchanged).`,
      );
      return interruptedExitCode(cliStop.reason);
    }
    console.log(
      `\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
    );
    return 0;
  }

  // Beside a running server the runner stays passive (the server projects); alone, it builds the read models.
  return withCliServices(
    async (services, signal) => {
      console.log(`Seeding ${jobs} demo jobs in-process (source 'demo')`);
      signal.addEventListener(
        'abort',
        () =>
          console.log(
            `\nInterrupted: the same command again finishes the seed (the jobs ingested already are unchanged).`,
          ),
        { once: true },
      );
      // A large seed on an empty board: the read models' indexes and counts are built once at the end.
      const finishBulkLoad = await seedBulkLoad(services, jobs);
      const result = await seedDemoData(services, {
        jobs,
        seed,
        batchSize: batch,
        onProgress: progressLine,
        signal,
      });
      if (result.interrupted) return interruptedExitCode(cliStop.reason);
      console.log(`\nIngested in ${result.seconds.toFixed(1)} s: ${JSON.stringify(result.counts)}`);
      let reached = !result.position;
      if (result.position) {
        process.stdout.write('Waiting for the read models and the search index...');
        const waitStarted = performance.now();
        while (!reached && !signal.aborted && performance.now() - waitStarted < 10 * 60_000) {
          reached = await services.runner.waitForPosition(result.position, 1_000);
          const status = await services.runner.status();
          const behind = status.filter(
            (s) => !s.position || comparePositions(s.position, result.position as Position) < 0,
          );
          if (!reached && process.stdout.isTTY)
            process.stdout.write(
              `\rWaiting for the read models: ${behind.map((s) => `${s.name} ${s.lagEvents} events behind`).join(', ')}   `,
            );
        }
        console.log(reached ? ' done.' : ' still catching up (the server will finish it).');
      }
      // Once the read models have every job (else the next start builds them: its migrations, the search index's
      // start-up).
      if (finishBulkLoad && reached && !signal.aborted) {
        process.stdout.write("Building the read models' indexes...");
        const indexStarted = performance.now();
        await finishBulkLoad();
        console.log(` done in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s.`);
      }
      console.log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      return 0;
    },
    { startProjections: true, logger: () => createLogger({ level: process.env.LOG_LEVEL ?? 'warn' }) },
  );
}

runCli(main, 'seed failed: ');
