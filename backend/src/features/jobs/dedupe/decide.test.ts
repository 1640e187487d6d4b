import { describe, it } from 'vitest';
import { DUPLICATE_REMOVAL_REASON, type JobContent, type JobEvent } from '@jobs/contracts';
import { given } from '../../../commands/testing';
import { JobNotOwned, jobDecider } from '../decide';
import { jobIdFor, publicIdFor, slugFor } from '../job';
import { CannotMergeIntoItself, duplicateDecider, JobNotMerged } from './decide';

const now = new Date('2026-03-10T12:00:00.000Z');
const at = now.toISOString();
const jobId = jobIdFor('bot', '7');
const canonicalId = jobIdFor('greenhouse:acme', '4012');

const content = {
  title: 'Data Engineer',
  company: 'Acme',
  description: '<p>Build pipelines.</p>',
  datePosted: '2026-03-02T14:00:00.000Z',
} as JobContent;

const posted: JobEvent = {
  type: 'JobPosted',
  data: {
    jobId,
    publicId: publicIdFor(jobId),
    slug: slugFor('Data Engineer', 'Acme', jobId),
    source: 'bot',
    externalId: '7',
    contentHash: 'h1',
    job: content,
  },
};
const merged: JobEvent = {
  type: 'JobMerged',
  data: { jobId, canonicalId, reason: 'duplicate', score: 0.93, mergedAt: at },
};
const hidden: JobEvent = {
  type: 'JobRemoved',
  data: { jobId, reason: DUPLICATE_REMOVAL_REASON, removedAt: at },
};
const closed: JobEvent = { type: 'JobRemoved', data: { jobId, reason: 'Filled', removedAt: at } };
const unmerged: JobEvent = { type: 'JobUnmerged', data: { jobId, canonicalId, unmergedAt: at } };
const merge = { type: 'MergeJob', jobId, canonicalId, reason: 'duplicate', score: 0.93 } as const;

describe('duplicate decider: MergeJob', () => {
  it('merges a live job and hides it from the board', () => {
    given(duplicateDecider, [posted]).when(merge, { now }).then([merged, hidden]);
  });

  it('only records the merge of a job its source has closed', () => {
    given(duplicateDecider, [posted, closed]).when(merge, { now }).then([merged]);
  });

  it('does nothing when already merged into that job', () => {
    given(duplicateDecider, [posted, merged, hidden]).when(merge, { now }).then([]);
  });

  it('never merges a pair an admin unmerged', () => {
    given(duplicateDecider, [posted, merged, hidden, unmerged]).when(merge, { now }).then([]);
  });

  it('refuses to merge a job into itself', () => {
    given(duplicateDecider, [posted])
      .when({ ...merge, canonicalId: jobId }, { now })
      .thenThrows(CannotMergeIntoItself);
  });
});

describe('duplicate decider: UnmergeJob', () => {
  it('restores a merged job still listed at its source', () => {
    given(duplicateDecider, [posted, merged, hidden])
      .when({ type: 'UnmergeJob', jobId }, { now })
      .then([unmerged, { type: 'JobReposted', data: { jobId, contentHash: 'h1', job: content } }]);
  });

  it('leaves a job its source closed off the board', () => {
    given(duplicateDecider, [posted, merged, hidden, closed])
      .when({ type: 'UnmergeJob', jobId }, { now })
      .then([unmerged]);
  });

  it('refuses a job that is not merged', () => {
    given(duplicateDecider, [posted]).when({ type: 'UnmergeJob', jobId }, { now }).thenThrows(JobNotMerged);
  });
});

describe('duplicate decider: FollowRepost', () => {
  const repost = { ...content, salary: '$100k', datePosted: '2026-03-09T00:00:00.000Z' };

  it('brings a closed original back with the repost content and its first datePosted', () => {
    given(duplicateDecider, [posted, closed])
      .when({ type: 'FollowRepost', jobId, job: repost, contentHash: 'h2', source: 'bot' }, { now })
      .then([
        {
          type: 'JobReposted',
          data: { jobId, contentHash: 'h2', job: { ...repost, datePosted: content.datePosted } },
        },
      ]);
  });

  it("refuses another source's repost: a job belongs to its first poster (issue 24 §1)", () => {
    given(duplicateDecider, [posted, closed])
      .when({ type: 'FollowRepost', jobId, job: repost, contentHash: 'h2', source: 'other' }, { now })
      .thenThrows(JobNotOwned);
    given(jobDecider, [posted])
      .when({ type: 'CloseJob', jobId, reason: 'Scam', bySource: 'other' }, { now })
      .thenThrows(JobNotOwned);
  });
});

describe('job decider with merges', () => {
  it('keeps a merged job hidden when its source lists it again', () => {
    given(jobDecider, [posted, merged, hidden, closed])
      .when({ type: 'IngestJob', source: 'bot', externalId: '7', job: content, contentHash: 'h1' }, { now })
      .then([{ type: 'JobReposted', data: { jobId, contentHash: 'h1', job: content } }, hidden]);
  });

  it('closes a merged job at its source (the hiding removal is not a close)', () => {
    given(jobDecider, [posted, merged, hidden])
      .when({ type: 'CloseJob', jobId, reason: 'Filled', removedAt: at }, { now })
      .then([closed]);
  });
});
