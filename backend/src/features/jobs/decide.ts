/**
 * Job commands. Ingestion posts, updates, closes and re-lists jobs; admins remove and repost them.
 */
import {
  DUPLICATE_REMOVAL_REASON,
  JOB_CONTENT_FIELDS,
  type JobContent,
  type JobEvent,
} from '@jobs/contracts';
import type { Decider } from '../../commands/handle';
import {
  applyCorrections,
  evolve,
  initialState,
  jobIdFor,
  publicIdFor,
  slugFor,
  type JobCorrections,
  type JobState,
} from './job';
import { UNHASHED_FIELDS } from './normalise';

export type JobCommand =
  | { type: 'IngestJob'; source: string; externalId: string; job: JobContent; contentHash: string }
  /**
   * From the ATS ('closed'), a bot, an admin, or the repost follow-up. `removedAt` defaults to the command's
   * time. `bySource`: a source closing it, refused unless that source posted the job (issue 24 §1).
   */
  | { type: 'CloseJob'; jobId: string; reason: string; removedAt?: string; bySource?: string }
  /** Admin: put a removed job back with its last content. */
  | { type: 'RepostJob'; jobId: string }
  /** Admin: correct fields ingestion got wrong (e.g. after a visitor's report); kept over later ingestion. */
  | { type: 'CorrectJob'; jobId: string; corrections: JobCorrections };

/** Base of the job rules' errors; `code` is the API error code it maps to. */
export abstract class JobRuleError extends Error {
  abstract readonly code: 'NOT_FOUND' | 'CONFLICT';
  constructor(
    readonly jobId: string,
    message: string,
  ) {
    super(message);
  }
}

export class JobNotFound extends JobRuleError {
  readonly code = 'NOT_FOUND';
  constructor(jobId: string) {
    super(jobId, 'Job not found');
    this.name = 'JobNotFound';
  }
}

export class JobAlreadyRemoved extends JobRuleError {
  readonly code = 'CONFLICT';
  constructor(jobId: string) {
    super(jobId, 'Job is already removed');
    this.name = 'JobAlreadyRemoved';
  }
}

/** A source acting on a job another source posted: a job belongs to its first poster (issue 24 §1). */
export class JobNotOwned extends JobRuleError {
  readonly code = 'CONFLICT';
  constructor(jobId: string) {
    super(jobId, 'Job belongs to another source');
    this.name = 'JobNotOwned';
  }
}

export class JobNotRemoved extends JobRuleError {
  readonly code = 'CONFLICT';
  constructor(jobId: string) {
    super(jobId, 'Job is live; only a removed job can be reposted');
    this.name = 'JobNotRemoved';
  }
}

/** A merged duplicate listed again at its source stays hidden behind its canonical job (docs/duplicates.md). */
function hiddenWhileMerged(state: JobState, now: Date): JobEvent[] {
  if (state.status === 'absent' || !state.mergedInto) return [];
  return [
    {
      type: 'JobRemoved',
      data: { jobId: state.jobId, reason: DUPLICATE_REMOVAL_REASON, removedAt: now.toISOString() },
    },
  ];
}

const COMPARED_FIELDS = JOB_CONTENT_FIELDS.filter((field) => !UNHASHED_FIELDS.includes(field));

/** The names of the content fields a visitor would see change. */
export function changedFields(before: JobContent, after: JobContent): string[] {
  return COMPARED_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

function ingest(command: Extract<JobCommand, { type: 'IngestJob' }>, state: JobState, now: Date): JobEvent[] {
  const jobId = jobIdFor(command.source, command.externalId);
  if (state.status !== 'absent' && state.source !== command.source) throw new JobNotOwned(state.jobId);
  switch (state.status) {
    case 'absent':
      return [
        {
          type: 'JobPosted',
          data: {
            jobId,
            publicId: publicIdFor(jobId),
            slug: slugFor(command.job.title, command.job.company, jobId),
            source: command.source,
            externalId: command.externalId,
            contentHash: command.contentHash,
            job: command.job,
          },
        },
      ];
    case 'live': {
      if (state.contentHash === command.contentHash) return [];
      const incoming = applyCorrections(command.job, state.corrections);
      const changed = changedFields(state.job, incoming);
      if (changed.length === 0) return [];
      // An update keeps the original posting date: the job is not new, and an ATS without dates
      // would otherwise bump it to the top of the feed on every change.
      const job = { ...incoming, datePosted: state.job.datePosted };
      return [
        { type: 'JobUpdated', data: { jobId: state.jobId, contentHash: command.contentHash, job, changed } },
      ];
    }
    case 'removed':
      // The ATS lists it again: it is live again, with what the ATS says now.
      return [
        {
          type: 'JobReposted',
          data: {
            jobId: state.jobId,
            contentHash: command.contentHash,
            job: applyCorrections(command.job, state.corrections),
          },
        },
        ...hiddenWhileMerged(state, now),
      ];
    default: {
      const unknown: never = state;
      throw new Error(`Unknown job state ${JSON.stringify(unknown)}`);
    }
  }
}

export function decide(command: JobCommand, state: JobState, { now }: { now: Date }): JobEvent[] {
  switch (command.type) {
    case 'IngestJob':
      return ingest(command, state, now);
    case 'CloseJob':
      if (state.status === 'absent') throw new JobNotFound(command.jobId);
      if (command.bySource !== undefined && command.bySource !== state.source)
        throw new JobNotOwned(state.jobId);
      if (state.status === 'removed') throw new JobAlreadyRemoved(state.jobId);
      return [
        {
          type: 'JobRemoved',
          data: {
            jobId: state.jobId,
            reason: command.reason,
            removedAt: command.removedAt ?? now.toISOString(),
          },
        },
      ];
    case 'RepostJob':
      if (state.status === 'absent') throw new JobNotFound(command.jobId);
      if (state.status === 'live') throw new JobNotRemoved(state.jobId);
      return [
        { type: 'JobReposted', data: { jobId: state.jobId, contentHash: state.contentHash, job: state.job } },
        ...hiddenWhileMerged(state, now),
      ];
    case 'CorrectJob': {
      if (state.status === 'absent') throw new JobNotFound(command.jobId);
      if (state.status === 'removed') throw new JobAlreadyRemoved(state.jobId);
      const job = applyCorrections(state.job, command.corrections);
      const changed = changedFields(state.job, job);
      if (changed.length === 0) return [];
      return [
        {
          type: 'JobCorrected',
          data: {
            jobId: state.jobId,
            contentHash: state.contentHash,
            job,
            changed,
            corrections: command.corrections,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown job command ${JSON.stringify(unknown)}`);
    }
  }
}

export const jobDecider: Decider<JobCommand, JobEvent, JobState> = { decide, evolve, initialState };
