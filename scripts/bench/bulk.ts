/**
 * Issue 26's bulk figures (`npm run bench`, or BENCH_ONLY=bulk; BENCH_BULK_JOBS, default BENCH_JOBS or 100,000):
 * - the in-process seed (`npm run seed -- --jobs N`: the ingestion service under the demo source, every projection
 *   running in this process) until every read model has every job: jobs/s, CPU ms per job (this process and the
 *   bench's PostgreSQL), and the most any read model fell behind meanwhile (events and seconds);
 * - every PostgreSQL read model rebuilt from those events, one at a time (events/s);
 * - the embedded search index built from the events (seconds, events/s);
 * each beside the previous figure (PREVIOUS: issue 26's, the baseline at commit 5e6b5e4, and before the bulk pass at ca94537) and a floor
 * measured in the same run: the write side alone (ingestion with no projection running) and reading the events alone.
 * The API figures (batches of 500, 4 in flight, every projection running) are in jobs.ts.
 */
import type { Position } from '@jobs/contracts/eventstore';
import { readCheckpoints } from '@jobs/projections';
import { EmbeddedIndexFollower } from '@jobs/search';
import { JOB_EVENT_TYPES } from '@jobs/search/projection';
import { generateJobs } from '../../backend/src/features/seed/generate';
import { seedBulkLoad, seedDemoData } from '../../backend/src/features/seed/seed';
import { ingestItems } from '../../backend/src/features/ingestion/service';
import { createIngestionSource } from '../../backend/src/features/sources/service';
import type { Row } from './eventstore';
import { postgresCpuMs } from './proc';
import { BENCH_PG_PORT, benchServices, type BenchTarget } from './targets';

/**
 * The figures before this work. Issue 26: a quiet 2-core machine. Baseline: commit 5e6b5e4 on this session's shared
 * machine (load average 7-11 from other work, so its rates are low; compare CPU ms per job). See docs/ingestion.md
 * (the fourth pass's figures: "Read models, fourth pass").
 */
export const PREVIOUS = {
  seed: 'issue 26: 388 jobs/s, 376 s; baseline 151 jobs/s, 662 s (read models 229 s after the ingest), 4.27 CPU ms/job node; before the bulk pass (ca94537, 20k jobs, load 4): 208 jobs/s, 96 s; before the fourth pass (main at 52f96e7, with the similar-jobs title catalogue; 20k jobs, load 1.3-2.8): 715 jobs/s, 28.0 s, 0.98 + 1.13 CPU ms/job; 29 Nov 2026 (a896001, 20k jobs, load 2.0-2.6): 792-817 jobs/s, 1.07-1.12 + 0.77 CPU ms/job (before the MinHash in SIMD and one-pass text: 735-761, 1.16-1.21 + 0.76-0.82)',
  api: 'issue 26: ~1,000 jobs/s; baseline 123 jobs/s, server 2.75 CPU ms/job',
  rebuild:
    'issue 26: 2,177-3,245 events/s; baseline jobs 840, search-index 372, duplicates 354; all 739 s; before the bulk pass (ca94537, 20k jobs, load 3-6, CPU ms/event node + PostgreSQL): jobs 2,113/s 0.29 + 0.23, search-index 877-1,073/s 0.43-0.48 + 0.52-0.56, duplicates 1,007-1,182/s 0.73-0.79 + 0.14-0.32; before the fourth pass (52f96e7, 20k jobs, load 1.3-2.8): jobs 3,902/s 0.120 + 0.138, search-index 2,123/s 0.195 + 0.281, duplicates 2,693/s 0.260 + 0.061, all 27.5 s; 29 Nov 2026: search-index by COPY 1,801-1,825/s at 100k (0.43 + 0.38-0.39, quiet), duplicates with the MinHash in SIMD 4,001-4,941/s at 20k (0.19-0.21 + 0.08; before 3,042-3,585/s, 0.26-0.30 + 0.08-0.09)',
  embedded:
    'issue 26: 5,791 events/s (100k jobs: ~17 s); baseline 199 s (515 events/s); before the fourth pass (52f96e7, 20k jobs): 5.81 s (3,852 events/s); 29 Nov 2026, threads reading the store themselves: 100k jobs 14.8-19.0 s quiet (before 19.1-24.9 s alternated), 20k 3.0-4.9 s (0.25-0.29 CPU ms/event)',
};

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString());

function cpuNow(): { self: NodeJS.CpuUsage; pg: number } {
  return { self: process.cpuUsage(), pg: postgresCpuMs(BENCH_PG_PORT) };
}

function cpuSince(before: { self: NodeJS.CpuUsage; pg: number }): { node: number; pg: number } {
  const self = process.cpuUsage(before.self);
  return { node: (self.user + self.system) / 1000, pg: postgresCpuMs(BENCH_PG_PORT) - before.pg };
}

export async function benchBulk(t: BenchTarget, jobs: number): Promise<Row[]> {
  const rows: Row[] = [];
  const metric = (name: string, value: string) => {
    rows.push({ target: t.label, metric: name, value });
    // Each figure as it comes too: a long run stopped half way keeps what it measured.
    process.stderr.write(`\n  ${name}: ${value}\n`);
  };
  const progress = (line: string) => process.stderr.write(`\r  ${line}   `);

  // Floor: the write side alone (the ingestion service, no projection running), on 10,000 jobs.
  {
    const floorJobs = Math.min(jobs, 10_000);
    const db = await t.freshDatabase('bulkfloor');
    const services = await benchServices(db, 'cli');
    try {
      const source = await createIngestionSource(services.store, { name: 'floor' });
      const now = new Date();
      const batches = Array.from({ length: Math.ceil(floorJobs / 500) }, (_, i) =>
        generateJobs({ count: Math.min(500, floorJobs - i * 500), offset: i * 500, now }),
      );
      const cpu = cpuNow();
      const t0 = performance.now();
      for (const items of batches) await ingestItems({ store: services.store }, source.sourceId, items);
      const s = (performance.now() - t0) / 1000;
      const used = cpuSince(cpu);
      metric(
        `bulk floor: write side alone, ${floorJobs.toLocaleString()} jobs (jobs/s; CPU ms/job node + PostgreSQL)`,
        `${fmt(floorJobs / s)}; ${fmt(used.node / floorJobs)} + ${fmt(used.pg / floorJobs)}`,
      );
    } finally {
      await services.close();
      await db.drop();
    }
  }

  const db = await t.freshDatabase('bulk');
  const services = await benchServices(db, 'cli');
  try {
    // The seed, as `npm run seed -- --jobs N` runs it: every projection in this process.
    await services.runner.start();
    const heads: { at: number; head: number }[] = [];
    const worst = { events: 0, seconds: 0, name: '' };
    let sampling = true;
    const names = (await services.runner.status()).map((s) => s.name);
    const sampler = (async () => {
      while (sampling) {
        const head = (await services.store.headPosition())?.commit ?? 0;
        const now = performance.now();
        heads.push({ at: now, head });
        for (const c of await readCheckpoints(db.pool, names)) {
          const at = c.position?.commit ?? 0;
          if (head - at > worst.events) worst.events = head - at;
          // Behind by the time since the store's head first passed this checkpoint.
          const first = heads.find((h) => h.head > at);
          const seconds = first ? (now - first.at) / 1000 : 0;
          if (seconds > worst.seconds) Object.assign(worst, { seconds, name: c.name });
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    const cpu = cpuNow();
    const t0 = performance.now();
    // As `npm run seed` does: on this empty board the read models' indexes and counts are built once at the end.
    const finishBulkLoad = await seedBulkLoad(services, jobs);
    await seedDemoData(services, {
      jobs,
      onProgress: ({ done }) => {
        if (done % 10_000 === 0) progress(`seeded ${done.toLocaleString()} / ${jobs.toLocaleString()}`);
      },
    });
    const ingested = performance.now() - t0;
    for (;;) {
      const head = await services.store.headPosition();
      if (await services.runner.waitForPosition(head as Position, 600_000)) {
        // The duplicate check appends merges as it goes: done when the head stayed put.
        const again = await services.store.headPosition();
        if (again?.commit === head?.commit) break;
      } else throw new Error('the read models did not catch up within 10 minutes');
    }
    await finishBulkLoad?.();
    const searchable = (performance.now() - t0) / 1000;
    const used = cpuSince(cpu);
    sampling = false;
    await sampler;
    await services.runner.stop();
    process.stderr.write('\n');
    metric(
      `bulk: seed in-process, ${jobs.toLocaleString()} jobs until every read model has them, indexes built (jobs/s; s)`,
      `${fmt(jobs / searchable)}; ${fmt(searchable)} s (ingested in ${fmt(ingested / 1000)} s)`,
    );
    metric(
      '  CPU ms/job (this process: ingestion and every projection; PostgreSQL)',
      `${fmt(used.node / jobs)}; ${fmt(used.pg / jobs)}`,
    );
    metric(
      '  read model furthest behind during the load (events; seconds)',
      `${worst.events.toLocaleString()}; ${fmt(worst.seconds)} (${worst.name})`,
    );
    metric('  previous', PREVIOUS.seed);

    // Floor for the replays: reading every job event, in pages of 5,000, without applying it.
    const events = await services.store.countAfter(null, 100_000_000);
    {
      const t1 = performance.now();
      let after: Position | null = null;
      for (;;) {
        const page = await services.store.readAll({ after, maxCount: 5000, eventTypes: JOB_EVENT_TYPES });
        if (page.length === 0) break;
        after = page[page.length - 1]!.position;
      }
      metric(
        `bulk floor: reading the job events (${events.toLocaleString()} events in the store, events/s)`,
        fmt(events / ((performance.now() - t1) / 1000)),
      );
    }

    if (process.env.BENCH_REBUILD !== '0') {
      let total = 0;
      let slowest = Infinity;
      for (const name of names.filter((n) => n !== 'search-embedded')) {
        const cpu = cpuNow();
        const t1 = performance.now();
        await services.runner.rebuild(name);
        const s = (performance.now() - t1) / 1000;
        const used = cpuSince(cpu);
        total += s;
        slowest = Math.min(slowest, events / s);
        metric(
          `bulk: rebuild ${name} (${events.toLocaleString()} events; events/s; CPU ms/event node + PostgreSQL)`,
          `${fmt(events / s)}; ${(used.node / events).toFixed(3)} + ${(used.pg / events).toFixed(3)}`,
        );
      }
      metric('bulk: rebuild, slowest read model (events/s)', fmt(slowest));
      metric('bulk: rebuild, every read model one after the other (s)', fmt(total));
      metric('  previous', PREVIOUS.rebuild);
    }

    const t2 = performance.now();
    const embedded = new EmbeddedIndexFollower({ store: services.store });
    embedded.start();
    await embedded.whenReady();
    const es = (performance.now() - t2) / 1000;
    metric(
      `bulk: embedded index built from the events (${embedded.engine.size.toLocaleString()} jobs; s, events/s)`,
      `${fmt(es)} s, ${fmt(events / es)}`,
    );
    metric('  previous', PREVIOUS.embedded);
    await embedded.stop({ snapshot: false });
  } finally {
    await services.close();
    await db.drop();
  }
  return rows;
}
