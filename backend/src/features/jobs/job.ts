/**
 * A job's stream `job-{jobId}`: identity (ids and slug, fixed when first posted), state and evolve.
 */
import crypto from 'node:crypto';
import { DUPLICATE_REMOVAL_REASON, type JobContent, type JobCorrected, type JobEvent } from '@jobs/contracts';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import { foldAscii } from './normalise/text';

export const jobStreamId = (jobId: string): string => `job-${jobId}`;

/** Name-based UUID of (source, externalId): the same ATS job always lands in the same stream. */
export function jobIdFor(source: string, externalId: string): string {
  return uuidFromName(JOBS_BOARD_NAMESPACE, `job:${source}:${externalId}`);
}

/**
 * The public numeric id (/jobs/{id}): the first 6 bytes of sha256(jobId), halved to stay below 2^47
 * (a safe JS integer and a PostgreSQL bigint). It is computed once, when the job is posted, and then
 * carried in JobPosted, so a rebuild never renumbers. Two jobs could in principle share one (about
 * a 1 in 3,000 chance across 100k jobs); the read model then answers the first posted one.
 */
export function publicIdFor(jobId: string): number {
  const digest = crypto.createHash('sha256').update(jobId).digest();
  return Math.floor(digest.readUIntBE(0, 6) / 2) || 1;
}

export const MAX_SLUG_LENGTH = 90;
const SUFFIX_LENGTH = 6;

export function slugify(text: string): string {
  return foldAscii(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * 'senior-react-developer-acme-3f9a2c': title, company and 6 hex characters of the jobId, ASCII
 * only, at most 90 characters (cut on a word). Set once, in JobPosted, and never changed.
 */
export function slugFor(title: string, company: string, jobId: string): string {
  const suffix = jobId
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, SUFFIX_LENGTH)
    .toLowerCase();
  let words = slugify(`${title} ${company}`) || 'job';
  const room = MAX_SLUG_LENGTH - suffix.length - 1;
  if (words.length > room) {
    const cut = words.slice(0, room + 1);
    const lastDash = cut.lastIndexOf('-');
    words = (lastDash > 0 ? cut.slice(0, lastDash) : cut.slice(0, room)).replace(/-+$/, '');
  }
  return `${words}-${suffix}`;
}

export interface JobIdentity {
  jobId: string;
  publicId: number;
  slug: string;
  source: string;
  externalId: string;
  /** An admin's corrections (JobCorrected): kept over what ingestion brings later. */
  corrections?: JobCorrections;
}

export type JobCorrections = JobCorrected['corrections'];

/**
 * Duplicates (docs/duplicates.md). `status` stays the job's lifecycle at its source; a merged job is hidden
 * from the board whatever its status.
 */
export interface JobMergeState {
  /** The job shown instead of this one. */
  mergedInto?: string;
  /** Jobs an admin unmerged this one from: never merged with them again. */
  unmergedFrom?: readonly string[];
}

export type JobState =
  | { status: 'absent' }
  | (JobIdentity & JobMergeState & { status: 'live'; contentHash: string; job: JobContent })
  | (JobIdentity &
      JobMergeState & {
        status: 'removed';
        contentHash: string;
        job: JobContent;
        reason: string;
        removedAt: string;
      });

export const initialState = (): JobState => ({ status: 'absent' });

function identity(state: Exclude<JobState, { status: 'absent' }>): JobIdentity & JobMergeState {
  const { jobId, publicId, slug, source, externalId, corrections, mergedInto, unmergedFrom } = state;
  return {
    jobId,
    publicId,
    slug,
    source,
    externalId,
    ...(corrections ? { corrections } : {}),
    ...(mergedInto ? { mergedInto } : {}),
    ...(unmergedFrom ? { unmergedFrom } : {}),
  };
}

export function evolve(state: JobState, event: JobEvent): JobState {
  switch (event.type) {
    case 'JobPosted': {
      const { jobId, publicId, slug, source, externalId, contentHash, job } = event.data;
      return { status: 'live', jobId, publicId, slug, source, externalId, contentHash, job };
    }
    case 'JobUpdated':
      if (state.status === 'absent') return state;
      return { ...state, contentHash: event.data.contentHash, job: event.data.job };
    case 'JobCorrected':
      if (state.status === 'absent') return state;
      return {
        ...state,
        job: event.data.job,
        corrections: { ...state.corrections, ...event.data.corrections },
      };
    case 'JobRemoved':
      if (state.status === 'absent') return state;
      // Hiding a merged duplicate is not its source closing it.
      if (state.mergedInto && event.data.reason === DUPLICATE_REMOVAL_REASON) return state;
      return {
        ...identity(state),
        status: 'removed',
        contentHash: state.contentHash,
        job: state.job,
        reason: event.data.reason,
        removedAt: event.data.removedAt,
      };
    case 'JobReposted':
      if (state.status === 'absent') return state;
      return { ...identity(state), status: 'live', contentHash: event.data.contentHash, job: event.data.job };
    case 'JobConfirmed':
      // A fact about freshness (read models and the expiry sweep use it), not about the content.
      return state;
    case 'JobMerged':
      if (state.status === 'absent') return state;
      return { ...state, mergedInto: event.data.canonicalId };
    case 'JobUnmerged': {
      if (state.status === 'absent') return state;
      const { mergedInto: _was, ...rest } = state;
      return { ...rest, unmergedFrom: [...(state.unmergedFrom ?? []), event.data.canonicalId] };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown job event ${(unknown as { type: string }).type}`);
    }
  }
}

/** The job as corrected: a corrected workplace also sets the flags the feed filters on (isRemote, isHybrid). */
export function applyCorrections(job: JobContent, corrections: JobCorrections | undefined): JobContent {
  if (!corrections?.workplace) return job;
  const workplace = corrections.workplace;
  return { ...job, workplace, isRemote: workplace !== 'on-site', isHybrid: workplace === 'hybrid' };
}
