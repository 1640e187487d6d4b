/**
 * Issue 24 (10): the admin showed an ingestion source's id (a UUID) where the dashboard shows its name: the
 * job's Source, the jobs list, the Duplicates card, the live-jobs-by-source chart. Through the real API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { generateJob } from '../seed/generate';
import { createIngestionSource } from '../sources/service';
import { signUp, type Agent } from './testing';

let h: TestHarness;
let admin: Agent;
const names: Record<string, string> = {};
const jobIds: string[] = [];

const settle = () => h.settle(2);

beforeAll(async () => {
  h = await createTestHarness();
  admin = (await signUp(h, 'admin')).agent;
  const posting = {
    ...generateJob(7, 31, new Date()),
    company: 'Named Sources Ltd',
    location: 'Remote - US',
  };
  for (const [name, externalId] of [
    ['Acme Careers Feed', 'acme-1'],
    ['Remote Aggregator', 'agg-1'],
  ]) {
    const source = await createIngestionSource(h.services.store, { name: name!, kind: 'api' });
    await h.services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
    names[source.sourceId] = name!;
    const res = await h.http
      .post('/api/ingest/jobs')
      .set('Authorization', `Bearer ${source.token}`)
      .send({
        items: [{ ...posting, externalId, applicationUrl: `https://example.com/apply/${externalId}` }],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await settle();
  }
  const { rows } = await h.services.db.pool.query<{ job_id: string }>(
    `select job_id from jobs where company = 'Named Sources Ltd' order by posted_at`,
  );
  jobIds.push(...rows.map((r) => r.job_id));
  expect(jobIds).toHaveLength(2);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('ingestion sources in the admin', () => {
  it("a job's Source is the source's name; its id stays for filters", async () => {
    for (const id of jobIds) {
      const job = (await admin.get(`/api/admin/jobs/${id}`)).body as { source: string; sourceName: string };
      expect(job.sourceName).toBe(names[job.source]);
    }
    const list = await admin
      .get('/api/admin/jobs')
      .query({ filter: JSON.stringify({ company: 'Named Sources Ltd' }), sort: '["source","ASC"]' });
    expect(list.status).toBe(200);
    const rows = list.body as { source: string; sourceName: string }[];
    expect(rows.map((r) => r.sourceName).sort()).toEqual(Object.values(names).sort());
    for (const r of rows) expect(r.sourceName).toBe(names[r.source]);
  });

  it('the Duplicates card names each source', async () => {
    const links = [];
    for (const id of jobIds) {
      const res = await admin.get(`/api/admin/jobs/${id}/duplicates`);
      expect(res.status).toBe(200);
      const body = res.body as { mergedInto: unknown; duplicates: unknown[] };
      links.push(...(body.mergedInto ? [body.mergedInto] : []), ...body.duplicates);
    }
    expect(links.length).toBeGreaterThan(0); // the copy was merged one way or the other
    for (const link of links as { source: string; sourceName: string }[])
      expect(link.sourceName).toBe(names[link.source]);
  });

  it("the job's history names its source, in the summary and as the actor", async () => {
    const res = await admin.get(`/api/admin/jobs/${jobIds[0]}/history`);
    expect(res.status).toBe(200);
    const posted = (res.body as { type: string; summary: string; actor: string }[]).find(
      (e) => e.type === 'JobPosted',
    )!;
    expect(posted.summary).toMatch(/^Posted from Acme Careers Feed \(acme-1\): /);
    expect(posted.actor).toBe('source:Acme Careers Feed');
  });

  it('the live-jobs-by-source chart is keyed by name', async () => {
    const res = await admin.get('/api/admin/analytics').query({ period: '7d' });
    const keys = (res.body.liveJobsBy.source as { key: string }[]).map((s) => s.key);
    expect(keys.some((k) => Object.values(names).includes(k))).toBe(true);
    expect(keys.filter((k) => /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(k))).toEqual([]);
  });
});
