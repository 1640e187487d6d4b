/**
 * Duplicate commands on a job's stream (docs/duplicates.md). They fold the same state as the job decider
 * (job.ts): a merge is a fact about the duplicate, so it lives in the duplicate's own stream.
 */
import { DUPLICATE_REMOVAL_REASON, type JobContent, type JobEvent, type MergeReason } from '@jobs/contracts';
import type { Decider } from '../../../commands/handle';
import { changedFields, JobNotFound, JobNotOwned, JobRuleError } from '../decide';
import { evolve, initialState, type JobState } from '../job';

export type DuplicateCommand =
  /** Hide this job behind `canonicalId` (from the duplicate check). */
  | { type: 'MergeJob'; jobId: string; canonicalId: string; reason: MergeReason; score: number }
  /** Admin: show it as its own listing again, and never merge it with that job again. */
  | { type: 'UnmergeJob'; jobId: string }
  /**
   * A closed job listed again under a new external id (a repost): the original listing comes back with the
   * new content but keeps its first datePosted. Also how the original follows its repost afterwards.
   */
  | { type: 'FollowRepost'; jobId: string; job: JobContent; contentHash: string; source: string };

export class JobNotMerged extends JobRuleError {
  readonly code = 'CONFLICT';
  constructor(jobId: string) {
    super(jobId, 'Job is not merged into another job');
    this.name = 'JobNotMerged';
  }
}

export class CannotMergeIntoItself extends JobRuleError {
  readonly code = 'CONFLICT';
  constructor(jobId: string) {
    super(jobId, 'A job cannot be merged into itself');
    this.name = 'CannotMergeIntoItself';
  }
}

function merge(
  command: Extract<DuplicateCommand, { type: 'MergeJob' }>,
  state: JobState,
  now: Date,
): JobEvent[] {
  if (state.status === 'absent') throw new JobNotFound(command.jobId);
  if (command.canonicalId === state.jobId) throw new CannotMergeIntoItself(state.jobId);
  // Already done, or an admin said these two are different jobs.
  if (state.mergedInto === command.canonicalId) return [];
  if (state.unmergedFrom?.includes(command.canonicalId)) return [];
  const at = now.toISOString();
  const merged: JobEvent = {
    type: 'JobMerged',
    data: {
      jobId: state.jobId,
      canonicalId: command.canonicalId,
      reason: command.reason,
      score: Math.round(command.score * 1000) / 1000,
      mergedAt: at,
    },
  };
  // A live job not yet hidden leaves the board; one merged before is hidden already.
  if (state.status !== 'live' || state.mergedInto) return [merged];
  return [
    merged,
    { type: 'JobRemoved', data: { jobId: state.jobId, reason: DUPLICATE_REMOVAL_REASON, removedAt: at } },
  ];
}

function unmerge(
  command: Extract<DuplicateCommand, { type: 'UnmergeJob' }>,
  state: JobState,
  now: Date,
): JobEvent[] {
  if (state.status === 'absent') throw new JobNotFound(command.jobId);
  if (!state.mergedInto) throw new JobNotMerged(state.jobId);
  const unmerged: JobEvent = {
    type: 'JobUnmerged',
    data: { jobId: state.jobId, canonicalId: state.mergedInto, unmergedAt: now.toISOString() },
  };
  // Still listed at its source: back on the board with its latest content.
  if (state.status !== 'live') return [unmerged];
  return [
    unmerged,
    { type: 'JobReposted', data: { jobId: state.jobId, contentHash: state.contentHash, job: state.job } },
  ];
}

function followRepost(
  command: Extract<DuplicateCommand, { type: 'FollowRepost' }>,
  state: JobState,
): JobEvent[] {
  if (state.status === 'absent') throw new JobNotFound(command.jobId);
  // Only the source that posted the original can repost it (issue 24 §1).
  if (state.source !== command.source) throw new JobNotOwned(state.jobId);
  // A repost does not make an old job look new.
  const job = { ...command.job, datePosted: state.job.datePosted };
  if (state.status === 'removed')
    return [{ type: 'JobReposted', data: { jobId: state.jobId, contentHash: command.contentHash, job } }];
  if (state.contentHash === command.contentHash) return [];
  const changed = changedFields(state.job, job);
  if (changed.length === 0) return [];
  return [
    { type: 'JobUpdated', data: { jobId: state.jobId, contentHash: command.contentHash, job, changed } },
  ];
}

export function decideDuplicate(
  command: DuplicateCommand,
  state: JobState,
  { now }: { now: Date },
): JobEvent[] {
  switch (command.type) {
    case 'MergeJob':
      return merge(command, state, now);
    case 'UnmergeJob':
      return unmerge(command, state, now);
    case 'FollowRepost':
      return followRepost(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown duplicate command ${JSON.stringify(unknown)}`);
    }
  }
}

export const duplicateDecider: Decider<DuplicateCommand, JobEvent, JobState> = {
  decide: decideDuplicate,
  evolve,
  initialState,
};
