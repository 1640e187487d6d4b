/**
 * Demo data through the real ingestion path: the same service function the ingestion route uses,
 * under the 'demo' source, so the demo jobs are normalised, event-sourced and projected like any other.
 */
import type { EventStore, Position } from '@jobs/contracts/eventstore';
import { comparePositions } from '@jobs/contracts/eventstore';
import type { Logger } from '../../logger';
import { handleCommand } from '../../commands/handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import { companyDecider, companyStreamId } from '../ingestion/company';
import { mapLimit } from '../ingestion/concurrency';
import { ingestItems, type IngestCounts } from '../ingestion/service';
import { companySlug } from '@jobs/projections/jobs/index';
import { DEMO_SOURCE_ID, ensureDemoSource } from '../sources/service';
import { companies } from './companies';
import type { SeedCompany } from './data';
import { companyDescription, companyWebsite, generateJobs } from './generate';

export interface SeedProgress {
  done: number;
  total: number;
  jobsPerSecond: number;
  /** Jobs ingested from the first without a gap (batches finish out of order): a resume starts there. */
  through?: number;
}

export interface SeedOptions {
  jobs: number;
  /** Items per ingestion batch (default 500, like the HTTP client). */
  batchSize?: number;
  seed?: number;
  now?: Date;
  onProgress?: (progress: SeedProgress) => void;
  /** Resume: the jobs before this index are already ingested (default 0). */
  from?: number;
  /** Ends the seed after the batches in flight (`interrupted` in the result). */
  signal?: AbortSignal;
}

export interface SeedResult {
  jobs: number;
  counts: IngestCounts;
  seconds: number;
  /** The position of the last event appended: wait for the projections to pass it to see every job. */
  position: Position | null;
  /** True when `signal` ended it before every job was ingested. */
  interrupted?: boolean;
}

/** What seeding needs from the composition root (Services satisfies it). */
export interface SeedServices {
  store: EventStore;
  logger?: Logger;
}

const emptyCounts = (): IngestCounts => ({
  created: 0,
  merged: 0,
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
  let position: Position | null = null;
  const profiles = new CompanyProfiles(services.store);
  const counts = emptyCounts();
  const offsets: number[] = [];
  const from = Math.min(options.from ?? 0, options.jobs);
  for (let offset = from; offset < options.jobs; offset += batchSize) offsets.push(offset);
  let done = from;
  // Resume bookkeeping: the batches finished, and the end of the gap-free run of them from `from`.
  const finished = new Set<number>();
  let through = from;
  let interrupted = false;
  // Two batches in flight: one is normalised (CPU) while the other waits on the database.
  await mapLimit(offsets, 2, async (offset) => {
    if (options.signal?.aborted) {
      interrupted = true;
      return;
    }
    const items = generateJobs({
      count: Math.min(batchSize, options.jobs - offset),
      offset,
      seed: options.seed,
      now,
    });
    // The profiles of the batch's companies first, so the jobs' copies of them append nothing.
    const profiled = await profiles.ensure(items.map((item) => item.company));
    if (profiled && (!position || comparePositions(profiled, position) > 0)) position = profiled;
    const result = await ingestItems({ store: services.store, logger: services.logger }, sourceId, items);
    for (const key of Object.keys(counts) as (keyof IngestCounts)[]) counts[key] += result.counts[key];
    if (result.position && (!position || comparePositions(result.position, position) > 0))
      position = result.position;
    done += items.length;
    finished.add(offset);
    while (finished.has(through)) through = Math.min(through + batchSize, options.jobs);
    const seconds = (performance.now() - started) / 1000;
    options.onProgress?.({
      done,
      total: options.jobs,
      jobsPerSecond: (done - from) / Math.max(seconds, 0.001),
      through,
    });
  });
  const seconds = (performance.now() - started) / 1000;
  return { jobs: options.jobs, counts, seconds, position, interrupted };
}

const COMPANY_BY_NAME = new Map<string, SeedCompany>();

/**
 * The demo companies' full profiles (with founding year and industry, which job items do not carry),
 * written as the companies' own, once per company that has jobs (there are more companies than a small
 * seed uses); the jobs' profile fields then match them and append nothing.
 */
class CompanyProfiles {
  private readonly written = new Map<string, Promise<Position | null>>();
  constructor(private readonly store: EventStore) {
    if (!COMPANY_BY_NAME.size) for (const company of companies()) COMPANY_BY_NAME.set(company.name, company);
  }

  /** Writes the profiles not written yet; the position of the last one appended, if any. */
  async ensure(names: string[]): Promise<Position | null> {
    const pending: Promise<Position | null>[] = [];
    const fresh: SeedCompany[] = [];
    for (const name of new Set(names)) {
      const known = this.written.get(name);
      if (known) pending.push(known);
      else {
        const company = COMPANY_BY_NAME.get(name);
        if (company) fresh.push(company);
      }
    }
    if (fresh.length) {
      const batch = mapLimit(fresh, 8, (company) => writeProfile(this.store, company));
      fresh.forEach((company, i) =>
        this.written.set(
          company.name,
          batch.then((positions) => positions[i] ?? null),
        ),
      );
      pending.push(...fresh.map((company) => this.written.get(company.name)!));
    }
    let last: Position | null = null;
    for (const position of await Promise.all(pending))
      if (position && (!last || comparePositions(position, last) > 0)) last = position;
    return last;
  }
}

async function writeProfile(store: EventStore, company: SeedCompany): Promise<Position | null> {
  const slug = companySlug(company.name);
  const result = await handleCommand(
    store,
    companyStreamId(slug),
    companyDecider,
    {
      type: 'UpdateCompanyProfile',
      companySlug: slug,
      company: company.name,
      description: companyDescription(company),
      descriptionSource: 'company',
      size: company.size,
      founded: company.founded,
      industry: company.industry,
      // As the normaliser writes it, so the jobs' copy compares equal.
      website: new URL(companyWebsite(company)).toString(),
      logo: null,
      // The demo companies' own profiles: bots' items never overwrite them (issue 24 §2).
      by: 'seed',
      own: true,
    },
    {
      metadata: { actor: `source:${DEMO_SOURCE_ID}` },
      eventId: (event, i) =>
        uuidFromName(JOBS_BOARD_NAMESPACE, `seed-company|${slug}|${event.type}|${i}|${company.founded}`),
    },
  );
  return result.position ?? null;
}
