/** The ATS admin API against the real app and a local ATS server: discovery → approval → a source that syncs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { agentOf, signUp, type Agent } from '../admin/testing';
import { startFixtureAtsServer, type FixtureAtsServer } from './testing';

let h: TestHarness;
let ats: FixtureAtsServer;
let admin: Agent;
let user: Agent;

beforeAll(async () => {
  h = await createTestHarness();
  ats = await startFixtureAtsServer({ boards: ['acme', 'acme-eu'] });
  admin = (await signUp(h, 'admin')).agent;
  user = (await signUp(h, 'user')).agent;
});
afterAll(async () => {
  await ats?.close();
  await h?.close();
});

async function discover(candidates: string) {
  const started = await admin.post('/api/admin/company-discovery').send({ candidates, baseUrl: ats.baseUrl });
  expect(started.status).toBe(202);
  for (;;) {
    const run = await admin.get(`/api/admin/company-discovery/${started.body.id}`);
    if (run.body.status !== 'running') return run.body as { status: string; found: number; probed: number };
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('ATS admin API', () => {
  it('is for admins only', async () => {
    expect((await agentOf(h).get('/api/admin/ats-sources')).status).toBe(401);
    expect((await user.get('/api/admin/ats-sources')).status).toBe(403);
    expect((await user.post('/api/admin/discovered-companies/x/approve').send({})).status).toBe(403);
  });

  it('discovery probes every ATS for the candidate and records the live boards', async () => {
    const run = await discover('company\nAcme, Inc.\n');
    expect(run).toMatchObject({ status: 'finished', probed: 6, found: 5 });
    const list = await admin.get('/api/admin/discovered-companies').query({ sort: '["kind","ASC"]' });
    expect(list.headers['content-range']).toBe('discovered-companies 0-4/5');
    const greenhouse = list.body.find((d: { kind: string }) => d.kind === 'greenhouse');
    expect(greenhouse).toMatchObject({
      board: 'acme',
      company: 'Acme Analytics',
      jobCount: 2,
      sampleTitles: ['Data Engineer', 'Office Manager'],
      status: 'proposed',
    });
  }, 30_000);

  it('a rejected board is remembered and never proposed again', async () => {
    const list = await admin.get('/api/admin/discovered-companies').query({ filter: '{"kind":"lever"}' });
    const rejected = await admin.post(`/api/admin/discovered-companies/${list.body[0].id}/reject`).send({});
    expect(rejected.body.status).toBe('rejected');
    const again = await discover('acme');
    expect(again.found).toBe(0);
    const after = await admin.get(`/api/admin/discovered-companies/${list.body[0].id}`);
    expect(after.body.status).toBe('rejected');
    expect(
      (await admin.post(`/api/admin/discovered-companies/${list.body[0].id}/approve`).send({})).status,
    ).toBe(409);
  }, 30_000);

  it('approval creates an ATS source that syncs', async () => {
    const list = await admin
      .get('/api/admin/discovered-companies')
      .query({ filter: '{"kind":"greenhouse"}' });
    const approved = await admin.post(`/api/admin/discovered-companies/${list.body[0].id}/approve`).send({});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', atsSourceId: expect.any(String) });
    const sourceId = approved.body.atsSourceId as string;

    const run = await admin.post(`/api/admin/ats-sources/${sourceId}/run`).send({});
    expect(run.status).toBe(200);
    expect(run.body.sync).toMatchObject({ ok: true, counts: { seen: 2, created: 2 } });
    const source = await admin.get(`/api/admin/ats-sources/${sourceId}`);
    expect(source.body).toMatchObject({ kind: 'greenhouse', board: 'acme', status: 'active', liveJobs: 2 });
    expect(source.body.lastSuccessAt).not.toBeNull();
    expect(source.body.syncs).toHaveLength(1);
    const sources = await admin.get('/api/admin/ats-sources');
    expect(sources.headers['content-range']).toBe('ats-sources 0-0/1');
  }, 30_000);

  it('adding a source checks the board first', async () => {
    const check = await admin
      .post('/api/admin/ats-sources/check')
      .send({ kind: 'ashby', board: 'nobody', baseUrl: ats.baseUrl });
    expect(check.body).toMatchObject({ ok: false, error: { kind: 'board_not_found' } });
    const bad = await admin
      .post('/api/admin/ats-sources')
      .send({ kind: 'ashby', board: 'nobody', company: 'Nobody', baseUrl: ats.baseUrl });
    expect(bad.status).toBe(400);
    const created = await admin.post('/api/admin/ats-sources').send({
      kind: 'ashby',
      board: 'acme',
      company: 'Acme Design',
      baseUrl: ats.baseUrl,
      intervalMinutes: 30,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'ashby',
      company: 'Acme Design',
      intervalMinutes: 30,
      status: 'active',
    });
    const twice = await admin
      .post('/api/admin/ats-sources')
      .send({ kind: 'ashby', board: 'acme', company: 'Acme Design', baseUrl: ats.baseUrl });
    expect(twice.status).toBe(409);
    // Another board under the same source name ("Ashby: Acme Design", any case and spacing): 409 too.
    const sameName = await admin
      .post('/api/admin/ats-sources')
      .send({ kind: 'ashby', board: 'acme-eu', company: '  acme   DESIGN ', baseUrl: ats.baseUrl });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toMatch(
      /An ingestion source named "Ashby: {1,3}acme {1,3}DESIGN" already exists/,
    );
    const renamed = await admin
      .post('/api/admin/ats-sources')
      .send({ kind: 'ashby', board: 'acme-eu', company: 'Acme Design EU', baseUrl: ats.baseUrl });
    expect(renamed.status).toBe(201);

    const id = created.body.id as string;
    expect((await admin.post(`/api/admin/ats-sources/${id}/pause`).send({})).body.status).toBe('paused');
    expect(
      (await admin.post(`/api/admin/ats-sources/${id}/interval`).send({ intervalMinutes: 120 })).body
        .intervalMinutes,
    ).toBe(120);
    expect(
      (await admin.post(`/api/admin/ats-sources/${id}/interval`).send({ intervalMinutes: 1 })).status,
    ).toBe(400);
    expect((await admin.post(`/api/admin/ats-sources/${id}/resume`).send({})).body.status).toBe('active');
    const paused = await admin.get('/api/admin/ats-sources').query({ filter: '{"status":"paused"}' });
    expect(paused.body).toHaveLength(0);
  }, 30_000);
});
