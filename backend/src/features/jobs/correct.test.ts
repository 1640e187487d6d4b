import { describe, expect, it } from 'vitest';
import type { JobEvent } from '@jobs/contracts';
import { jobContent } from '@jobs/projections/jobs/testing';
import { given } from '../../commands/testing';
import { JobAlreadyRemoved, jobDecider, JobNotFound } from './decide';
import { evolve, initialState, jobIdFor } from './job';

const now = new Date('2026-03-10T12:00:00.000Z');
const jobId = jobIdFor('greenhouse:acme', '77');
const content = jobContent({ location: 'Berlin, Germany' });
const onSite = { ...content, workplace: 'on-site' as const, isRemote: false, isHybrid: false };

const posted: JobEvent = {
  type: 'JobPosted',
  data: {
    jobId,
    publicId: 7,
    slug: 'software-engineer-acme',
    source: 'greenhouse:acme',
    externalId: '77',
    contentHash: 'h1',
    job: content,
  },
};
const corrected: JobEvent = {
  type: 'JobCorrected',
  data: {
    jobId,
    contentHash: 'h1',
    job: onSite,
    changed: ['isRemote', 'workplace'],
    corrections: { workplace: 'on-site' },
  },
};

describe('job decider: CorrectJob', () => {
  it("corrects the workplace and the flags the feed filters on, keeping the ATS content's hash", () => {
    given(jobDecider, [posted])
      .when({ type: 'CorrectJob', jobId, corrections: { workplace: 'on-site' } }, { now })
      .then([corrected]);
  });

  it('appends nothing when the job already says so', () => {
    given(jobDecider, [posted, corrected])
      .when({ type: 'CorrectJob', jobId, corrections: { workplace: 'on-site' } }, { now })
      .then([]);
  });

  it('refuses an unknown or removed job', () => {
    given(jobDecider)
      .when({ type: 'CorrectJob', jobId, corrections: { workplace: 'hybrid' } }, { now })
      .thenThrows(JobNotFound);
    const removed: JobEvent = {
      type: 'JobRemoved',
      data: { jobId, reason: 'Scam', removedAt: now.toISOString() },
    };
    given(jobDecider, [posted, removed])
      .when({ type: 'CorrectJob', jobId, corrections: { workplace: 'hybrid' } }, { now })
      .thenThrows(JobAlreadyRemoved);
  });

  it('keeps the correction when the ATS sends the job again with other changes', () => {
    const state = [posted, corrected].reduce(evolve, initialState());
    const events = jobDecider.decide(
      {
        type: 'IngestJob',
        source: 'greenhouse:acme',
        externalId: '77',
        job: { ...content, title: 'Staff Engineer' },
        contentHash: 'h2',
      },
      state,
      { now },
    );
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.type).toBe('JobUpdated');
    if (event.type !== 'JobUpdated') return;
    expect(event.data.changed).toEqual(['title']);
    expect(event.data.job).toMatchObject({ title: 'Staff Engineer', workplace: 'on-site', isRemote: false });
  });
});
