/**
 * Test helpers: real job events appended to the real store, the way the ingestion command handler does
 * (stream `job-{jobId}`, expected revisions), without depending on the normalisers.
 */
import crypto from 'node:crypto';
import type { CompanyProfileUpdated, EventStore, JobContent, Position } from '@jobs/contracts';
import { jobContent } from '@jobs/projections/jobs/testing';

export { jobContent };

let nextPublicId = 1000;

function meta() {
  return { actor: 'system', at: new Date().toISOString() };
}

export interface PostedJob {
  jobId: string;
  publicId: number;
  slug: string;
  position: Position;
  revision: number;
}

export async function postJob(
  store: EventStore,
  overrides: Partial<JobContent> = {},
  slug?: string,
): Promise<PostedJob> {
  const jobId = crypto.randomUUID();
  const publicId = nextPublicId++;
  const job = jobContent(overrides);
  const theSlug =
    slug ??
    `${job.title}-${job.company}-${publicId}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const result = await store.append(
    `job-${jobId}`,
    [
      {
        id: crypto.randomUUID(),
        type: 'JobPosted',
        data: { jobId, publicId, slug: theSlug, source: 'test', externalId: jobId, contentHash: 'h0', job },
        metadata: meta(),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return { jobId, publicId, slug: theSlug, position: result.position, revision: result.nextRevision };
}

export async function updateJob(
  store: EventStore,
  posted: PostedJob,
  overrides: Partial<JobContent>,
  type: 'JobUpdated' | 'JobReposted' = 'JobUpdated',
) {
  const job = jobContent(overrides);
  const data =
    type === 'JobUpdated'
      ? { jobId: posted.jobId, contentHash: crypto.randomUUID(), job, changed: Object.keys(overrides) }
      : { jobId: posted.jobId, contentHash: crypto.randomUUID(), job };
  const result = await store.append(
    `job-${posted.jobId}`,
    [{ id: crypto.randomUUID(), type, data, metadata: meta() }],
    {
      expectedRevision: posted.revision,
    },
  );
  posted.revision = result.nextRevision;
  posted.position = result.position;
  return result.position;
}

export async function removeJob(store: EventStore, posted: PostedJob, reason: string, removedAt: string) {
  const result = await store.append(
    `job-${posted.jobId}`,
    [
      {
        id: crypto.randomUUID(),
        type: 'JobRemoved',
        data: { jobId: posted.jobId, reason, removedAt },
        metadata: meta(),
      },
    ],
    { expectedRevision: posted.revision },
  );
  posted.revision = result.nextRevision;
  posted.position = result.position;
  return result.position;
}

export async function updateCompanyProfile(
  store: EventStore,
  profile: CompanyProfileUpdated,
): Promise<Position> {
  const result = await store.append(
    `company-${profile.companySlug}`,
    [{ id: crypto.randomUUID(), type: 'CompanyProfileUpdated', data: profile, metadata: meta() }],
    { expectedRevision: 'any' },
  );
  return result.position;
}
