/**
 * Demo data through the real ingestion path: the same service function the ingestion route uses,
 * under the 'demo' source, so the demo jobs are normalised, event-sourced and projected like any other.
 */
import type { EventStore, Position } from '@jobs/contracts/eventstore';
import { comparePositions } from '@jobs/contracts/eventstore';
import type { Logger } from '../../logger';
import { ingestItems, type IngestCounts } from '../ingestion/service';
import { ensureDemoSource } from '../sources/service';
import { generateJobs } from './generate';

export interface SeedProgress {
  done: number;
  total: number;
  jobsPerSecond: number;
}

export interface SeedOptions {
  jobs: number;
  /** Items per ingestion batch (default 500, like the HTTP client). */
  batchSize?: number;
  seed?: number;
  now?: Date;
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedResult {
  jobs: number;
  counts: IngestCounts;
  seconds: number;
  /** The position of the last event appended: wait for the projections to pass it to see every job. */
  position: Position | null;
}

/** What seeding needs from the composition root (Services satisfies it). */
export interface SeedServices {
  store: EventStore;
  logger?: Logger;
}

const emptyCounts = (): IngestCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  removed: 0,
  reposted: 0,
  rejected: 0,
});

/**
 * Seeds `jobs` demo jobs (deterministic: the same seed gives the same jobs, and seeding twice changes
 * nothing the second time). main calls it on a first start with an empty database.
 */
export async function seedDemoData(services: SeedServices, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 500;
  const now = options.now ?? new Date();
  const { sourceId } = await ensureDemoSource(services.store);
  const counts = emptyCounts();
  let position: Position | null = null;
  for (let offset = 0; offset < options.jobs; offset += batchSize) {
    const items = generateJobs({
      count: Math.min(batchSize, options.jobs - offset),
      offset,
      seed: options.seed,
      now,
    });
    const result = await ingestItems({ store: services.store, logger: services.logger }, sourceId, items);
    for (const key of Object.keys(counts) as (keyof IngestCounts)[]) counts[key] += result.counts[key];
    if (result.position && (!position || comparePositions(result.position, position) > 0))
      position = result.position;
    const done = Math.min(options.jobs, offset + items.length);
    const seconds = (performance.now() - started) / 1000;
    options.onProgress?.({ done, total: options.jobs, jobsPerSecond: done / Math.max(seconds, 0.001) });
  }
  return { jobs: options.jobs, counts, seconds: (performance.now() - started) / 1000, position };
}
