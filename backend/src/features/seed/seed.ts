/**
 * Demo data through the real ingestion path: the same service function the ingestion route uses,
 * under the 'demo' source, so the demo jobs are normalised, event-sourced and projected like any other.
 */
import type { EventStore, Position, StreamAppend } from '@jobs/contracts/eventstore';
import { comparePositions, WrongExpectedVersionError } from '@jobs/contracts/eventstore';
import type { ProjectionRunner } from '@jobs/projections';
import type { Logger } from '../../logger';
import { handleCommand } from '../../commands/handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import type { CompanyEvent } from '@jobs/contracts';
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

/** A seed of at least this many jobs on an empty board is a bulk load for the read models (see seedBulkLoad). */
export const BULK_SEED_MIN_JOBS = 5_000;

/**
 * Before a seed of `jobs` into the read models this process runs (`npm run seed`, the bulk bench): on an empty board
 * (no job posted yet) and at least BULK_SEED_MIN_JOBS, sets aside what the read models maintain row by row for reads
 * only (the runner's `bulkLoad`: the jobs read model's secondary indexes, the search index's and its counts) and
 * returns the function that builds them once, to call after waiting for the read models to pass the seed; null when
 * the seed is not a bulk load (or another process runs the projections). Same read models as without it (issue 26).
 */
export async function seedBulkLoad(
  services: SeedServices & { runner: Pick<ProjectionRunner, 'bulkLoad'> },
  jobs: number,
): Promise<(() => Promise<void>) | null> {
  if (jobs < BULK_SEED_MIN_JOBS) return null;
  const posted = await services.store.readAll({ after: null, maxCount: 1, eventTypes: ['JobPosted'] });
  if (posted.length > 0) return null;
  if (!(await services.runner.bulkLoad('begin'))) return null;
  return async () => {
    await services.runner.bulkLoad('end');
  };
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
      const batch = writeProfiles(this.store, fresh);
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

/** The profile command of a demo company, and its deterministic event ids (a second seed appends nothing). */
function profileCommand(company: SeedCompany) {
  const slug = companySlug(company.name);
  const command = {
    type: 'UpdateCompanyProfile' as const,
    companySlug: slug,
    company: company.name,
    description: companyDescription(company),
    descriptionSource: 'company' as const,
    size: company.size,
    founded: company.founded,
    industry: company.industry,
    // As the normaliser writes it, so the jobs' copy compares equal.
    website: new URL(companyWebsite(company)).toString(),
    logo: null,
    // The demo companies' own profiles: bots' items never overwrite them (issue 24 §2).
    by: 'seed',
    own: true,
  };
  const eventId = (event: { type: string }, i: number) =>
    uuidFromName(JOBS_BOARD_NAMESPACE, `seed-company|${slug}|${event.type}|${i}|${company.founded}`);
  return { slug, command, eventId };
}

const PROFILE_METADATA = { actor: `source:${DEMO_SOURCE_ID}` };

async function writeProfile(store: EventStore, company: SeedCompany): Promise<Position | null> {
  const { slug, command, eventId } = profileCommand(company);
  const result = await handleCommand(store, companyStreamId(slug), companyDecider, command, {
    metadata: PROFILE_METADATA,
    eventId,
  });
  return result.position ?? null;
}

/**
 * The profiles of a batch's new companies in one append (issue 26): the same events handleCommand decides for each,
 * in one commit instead of one per company, so the read models see one batch instead of hundreds (a seed's first
 * batches name most of the demo companies). Falls back to one command per company when the store cannot append to
 * several streams at once, or a stream moved meanwhile (another seed).
 */
async function writeProfiles(store: EventStore, fresh: readonly SeedCompany[]): Promise<(Position | null)[]> {
  const oneByOne = () => mapLimit(fresh, 8, (company) => writeProfile(store, company));
  if (!store.appendMany || !store.readStreams || fresh.length < 2) return oneByOne();
  const commands = fresh.map(profileCommand);
  const streams = await store.readStreams(commands.map((c) => companyStreamId(c.slug)));
  const now = new Date();
  const metadata = { ...PROFILE_METADATA, at: now.toISOString() };
  const appends: StreamAppend[] = [];
  const appended: number[] = [];
  commands.forEach(({ slug, command, eventId }, i) => {
    const recorded = streams.get(companyStreamId(slug)) ?? [];
    const state = recorded.reduce(
      (s, e) => companyDecider.evolve(s, { type: e.type, data: e.data } as CompanyEvent),
      companyDecider.initialState(),
    );
    const events = companyDecider.decide(command, state, { now });
    if (events.length === 0) return;
    appended.push(i);
    appends.push({
      streamId: companyStreamId(slug),
      events: events.map((e, n) => ({ id: eventId(e, n), type: e.type, data: e.data, metadata })),
      expectedRevision: recorded.at(-1)?.revision ?? 'no_stream',
    });
  });
  const positions: (Position | null)[] = fresh.map(() => null);
  if (appends.length === 0) return positions;
  try {
    const results = await store.appendMany(appends);
    results.forEach((result, n) => (positions[appended[n]!] = result.position));
    return positions;
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) return oneByOne();
    throw err;
  }
}
