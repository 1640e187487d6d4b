import { describe, expect, it } from 'vitest';
import type { JobSearchDocument, RecordedEvent, SearchIndex } from '@jobs/contracts';
import { jobContent } from '@jobs/projections/jobs/testing';
import { searchIndexProjection } from './projection';

function memoryIndex() {
  const docs = new Map<string, JobSearchDocument>();
  const calls: string[] = [];
  const index: SearchIndex = {
    kind: 'postgres',
    ensureReady: async () => undefined,
    upsert: async (batch) => {
      calls.push(`upsert:${batch.length}`);
      for (const d of batch) docs.set(d.id, d);
    },
    remove: async (ids) => {
      calls.push(`remove:${ids.length}`);
      for (const id of ids) docs.delete(id);
    },
    search: async () => ({ ids: [], total: 0 }),
    suggest: async () => [],
    clear: async () => docs.clear(),
    ping: async () => undefined,
  };
  return { index, docs, calls };
}

let commit = 0;
function recorded(streamId: string, revision: number, type: string, data: unknown): RecordedEvent {
  commit++;
  return {
    id: `e${commit}`,
    type,
    data,
    metadata: { actor: 'system', at: '2026-01-01T00:00:00.000Z' },
    streamId,
    revision,
    position: { commit, prepare: commit },
    recordedAt: '2026-01-01T00:00:00.000Z',
  };
}

const jobId = '00000000-0000-4000-8000-000000000001';
const stream = `job-${jobId}`;
const posted = recorded(stream, 0, 'JobPosted', {
  jobId,
  publicId: 7,
  slug: 'engineer-acme-7',
  source: 'greenhouse-1',
  externalId: '1',
  contentHash: 'a',
  job: jobContent({ salaryMin: 5000, salaryMax: 6000, salaryCurrency: 'EUR', salaryPeriod: 'MONTH' }),
});
const updated = recorded(stream, 1, 'JobUpdated', {
  jobId,
  contentHash: 'b',
  job: jobContent({ title: 'Lead Engineer' }),
  changed: ['title'],
});
const removed = recorded(stream, 2, 'JobRemoved', {
  jobId,
  reason: 'filled',
  removedAt: '2026-01-02T00:00:00.000Z',
});
const reposted = recorded(stream, 3, 'JobReposted', {
  jobId,
  contentHash: 'c',
  job: jobContent({ title: 'Lead Engineer II' }),
});

describe('searchIndexProjection', () => {
  it('builds the document from JobPosted, converting salary to USD per year', async () => {
    const { index, docs } = memoryIndex();
    const projection = searchIndexProjection({ index, store: { readStream: async () => [] } });
    await projection.handleBatch([posted]);
    const doc = docs.get(jobId)!;
    expect(doc).toMatchObject({
      publicId: 7,
      slug: 'engineer-acme-7',
      source: 'greenhouse-1',
      salaryMinUsd: 64_800,
      salaryMaxUsd: 77_760,
    });
    expect(doc.excerpt).toMatch(/^Build the API/);
    expect(doc.descriptionText).not.toContain('<');
  });

  it('collapses a batch to the last operation per job', async () => {
    const { index, docs, calls } = memoryIndex();
    const projection = searchIndexProjection({ index, store: { readStream: async () => [] } });
    await projection.handleBatch([posted, updated, removed]);
    expect(docs.size).toBe(0);
    expect(calls).toEqual(['remove:1']);
    await projection.handleBatch([reposted]);
    expect(docs.get(jobId)?.title).toBe('Lead Engineer II');
  });

  it('after a restart, reads the identity from the stream up to the event', async () => {
    const { index, docs } = memoryIndex();
    const reads: unknown[] = [];
    const projection = searchIndexProjection({
      index,
      store: {
        readStream: async (id, options) => {
          reads.push([id, options]);
          return [posted, updated, removed, reposted].slice(0, options?.maxCount);
        },
      },
    });
    await projection.handleBatch([updated]);
    expect(docs.get(jobId)).toMatchObject({ slug: 'engineer-acme-7', title: 'Lead Engineer' });
    expect(reads).toEqual([[stream, { maxCount: 1 }]]);

    // An update of a removed job stays out of the index.
    const fresh = memoryIndex();
    const late = searchIndexProjection({
      index: fresh.index,
      store: { readStream: async (_id, options) => [posted, updated, removed].slice(0, options?.maxCount) },
    });
    await late.handleBatch([
      recorded(stream, 3, 'JobUpdated', { jobId, contentHash: 'd', job: jobContent(), changed: [] }),
    ]);
    expect(fresh.docs.size).toBe(0);
  });
});
