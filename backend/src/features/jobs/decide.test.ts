import { describe, expect, it } from 'vitest';
import type { JobContent, JobEvent } from '@jobs/contracts';
import { given } from '../../commands/testing';
import {
  changedFields,
  JobAlreadyRemoved,
  jobDecider,
  JobNotFound,
  JobNotRemoved,
  type JobCommand,
} from './decide';
import { jobIdFor, publicIdFor, slugFor } from './job';

const now = new Date('2026-03-10T12:00:00.000Z');
const source = 'greenhouse:acme';
const externalId = '4012';
const jobId = jobIdFor(source, externalId);

const content: JobContent = {
  title: 'Data Engineer',
  company: 'Acme',
  companyLogo: null,
  companyDescription: null,
  companyWebsite: null,
  companySize: null,
  location: 'Remote - EMEA',
  isRemote: true,
  isHybrid: false,
  workplace: 'remote',
  country: null,
  countryName: null,
  continent: 'Europe',
  type: 'Full Time',
  experienceLevel: 'Mid-level',
  industry: 'Data Science & Analytics',
  department: 'Data',
  salary: null,
  salaryMin: null,
  salaryMax: null,
  salaryCurrency: null,
  salaryPeriod: null,
  skills: ['Python'],
  description: '<p>Build pipelines.</p>',
  datePosted: '2026-03-02T14:00:00.000Z',
  applicationUrl: 'https://jobs.example/acme/4012',
  sourceUrl: null,
};
const changed: JobContent = {
  ...content,
  title: 'Senior Data Engineer',
  skills: ['Python', 'SQL'],
  datePosted: now.toISOString(),
};

const ingest = (job: JobContent, contentHash: string): JobCommand => ({
  type: 'IngestJob',
  source,
  externalId,
  job,
  contentHash,
});

const posted: JobEvent = {
  type: 'JobPosted',
  data: {
    jobId,
    publicId: publicIdFor(jobId),
    slug: slugFor('Data Engineer', 'Acme', jobId),
    source,
    externalId,
    contentHash: 'h1',
    job: content,
  },
};
const removed: JobEvent = {
  type: 'JobRemoved',
  data: { jobId, reason: 'Filled', removedAt: '2026-03-05T00:00:00.000Z' },
};

describe('job decider: IngestJob', () => {
  it('posts a new job with its ids and slug', () => {
    given(jobDecider).when(ingest(content, 'h1'), { now }).then([posted]);
  });

  it('does nothing when the content hash is unchanged', () => {
    given(jobDecider, [posted]).when(ingest(content, 'h1'), { now }).then([]);
  });

  it('updates a live job with the changed fields, keeping its posting date and slug', () => {
    given(jobDecider, [posted])
      .when(ingest(changed, 'h2'), { now })
      .then([
        {
          type: 'JobUpdated',
          data: {
            jobId,
            contentHash: 'h2',
            job: { ...changed, datePosted: content.datePosted },
            changed: ['title', 'skills'],
          },
        },
      ]);
  });

  it('does nothing when the hash differs but nothing a visitor sees changed', () => {
    given(jobDecider, [posted])
      .when(ingest({ ...content, datePosted: now.toISOString() }, 'h-other'), { now })
      .then([]);
  });

  it('reposts a removed job that the ATS lists again, with the new content', () => {
    given(jobDecider, [posted, removed])
      .when(ingest(changed, 'h2'), { now })
      .then([{ type: 'JobReposted', data: { jobId, contentHash: 'h2', job: changed } }]);
  });

  it('compares against the latest content after an update', () => {
    const updated: JobEvent = {
      type: 'JobUpdated',
      data: { jobId, contentHash: 'h2', job: changed, changed: ['title'] },
    };
    given(jobDecider, [posted, updated]).when(ingest(changed, 'h2'), { now }).then([]);
  });
});

describe('job decider: CloseJob', () => {
  it('removes a live job, at the command time by default', () => {
    given(jobDecider, [posted])
      .when({ type: 'CloseJob', jobId, reason: 'Closed on the ATS' }, { now })
      .then([
        { type: 'JobRemoved', data: { jobId, reason: 'Closed on the ATS', removedAt: now.toISOString() } },
      ]);
  });

  it('uses the given removal time', () => {
    given(jobDecider, [posted])
      .when({ type: 'CloseJob', jobId, reason: 'Filled', removedAt: '2026-03-05T00:00:00.000Z' }, { now })
      .then([removed]);
  });

  it('refuses to close an unknown job', () => {
    given(jobDecider).when({ type: 'CloseJob', jobId, reason: 'x' }, { now }).thenThrows(JobNotFound);
  });

  it('refuses to close a job twice', () => {
    given(jobDecider, [posted, removed])
      .when({ type: 'CloseJob', jobId, reason: 'x' }, { now })
      .thenThrows(JobAlreadyRemoved);
  });
});

describe('job decider: RepostJob', () => {
  it('reposts a removed job with its last content', () => {
    given(jobDecider, [posted, removed])
      .when({ type: 'RepostJob', jobId }, { now })
      .then([{ type: 'JobReposted', data: { jobId, contentHash: 'h1', job: content } }]);
  });

  it('refuses to repost a live job', () => {
    given(jobDecider, [posted]).when({ type: 'RepostJob', jobId }, { now }).thenThrows(JobNotRemoved);
  });

  it('refuses to repost an unknown job', () => {
    given(jobDecider).when({ type: 'RepostJob', jobId }, { now }).thenThrows(JobNotFound);
  });

  it('can remove a reposted job again', () => {
    const reposted: JobEvent = { type: 'JobReposted', data: { jobId, contentHash: 'h1', job: content } };
    given(jobDecider, [posted, removed, reposted])
      .when({ type: 'CloseJob', jobId, reason: 'Filled again' }, { now })
      .then([{ type: 'JobRemoved', data: { jobId, reason: 'Filled again', removedAt: now.toISOString() } }]);
  });
});

describe('job rule errors', () => {
  it('carry the API error code', () => {
    expect(new JobNotFound(jobId).code).toBe('NOT_FOUND');
    expect(new JobAlreadyRemoved(jobId).code).toBe('CONFLICT');
    expect(new JobNotRemoved(jobId).code).toBe('CONFLICT');
  });
});

describe('changedFields', () => {
  it('lists what a visitor sees change, never the posting date', () => {
    expect(changedFields(content, changed)).toEqual(['title', 'skills']);
    expect(changedFields(content, { ...content })).toEqual([]);
  });
});
