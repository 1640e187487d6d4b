import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { agentOf, signUp, type Agent } from '../admin/testing';
import { postJob, removeJob, type PostedJob } from '../jobs/test-events';

let h: TestHarness;
let admin: Agent;
let user: Agent;

async function settled(): Promise<void> {
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
}

async function freshJob(overrides: Parameters<typeof postJob>[1] = {}): Promise<PostedJob> {
  const job = await postJob(h.services.store, {
    title: `Engineer ${crypto.randomUUID().slice(0, 6)}`,
    ...overrides,
  });
  await settled();
  return job;
}

async function queueItem(jobId: string) {
  const res = await admin.get(`/api/admin/reports/${jobId}`);
  expect(res.status).toBe(200);
  return res.body as { revision: number; openCount: number; status: string; reports: { status: string }[] };
}

beforeAll(async () => {
  h = await createTestHarness();
  admin = (await signUp(h, 'admin')).agent;
  user = (await signUp(h, 'user')).agent;
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/jobs/:identifier/reports', () => {
  it('records a report from a visitor who is not signed in, by public id or slug, without the raw address', async () => {
    const job = await freshJob();
    const visitor = agentOf(h).set('X-Forwarded-For', '203.0.113.77');
    const res = await visitor
      .post(`/api/jobs/${job.publicId}/reports`)
      .send({ reason: 'not-remote', note: '  The text says three days a week in Berlin.  ' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Thanks. We'll review this job.");
    expect((await visitor.post(`/api/jobs/${job.slug}/reports`).send({ reason: 'other' })).status).toBe(201);

    const events = await h.services.store.readStream(`reports-${job.jobId}`);
    expect(events.map((e) => e.type)).toEqual(['JobReported', 'JobReported']);
    expect(events[0]!.data).toMatchObject({
      jobId: job.jobId,
      reason: 'not-remote',
      note: 'The text says three days a week in Berlin.',
      reporterId: null,
    });
    expect(events[1]!.data).toMatchObject({ reason: 'other', note: null });
    expect(JSON.stringify(events)).not.toContain('203.0.113.77');
    expect((events[0]!.data as { addressHash: string }).addressHash).toBe(
      (events[1]!.data as { addressHash: string }).addressHash,
    );
  });

  it("keeps the signed-in reporter's account id", async () => {
    const job = await freshJob();
    const me = await signUp(h, 'user');
    expect((await me.agent.post(`/api/jobs/${job.publicId}/reports`).send({ reason: 'scam' })).status).toBe(
      201,
    );
    const [event] = await h.services.store.readStream(`reports-${job.jobId}`);
    expect(event!.data).toMatchObject({ reporterId: me.id, reason: 'scam' });
    expect(event!.metadata.actor).toBe(`user:${me.id}`);
  });

  it('answers 400 naming the field for a bad reason or a note over 1,000 characters', async () => {
    const job = await freshJob();
    const visitor = agentOf(h);
    const noReason = await visitor.post(`/api/jobs/${job.publicId}/reports`).send({ note: 'x' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('VALIDATION');
    expect(noReason.body.error.details[0].path).toBe('reason');
    const badReason = await visitor.post(`/api/jobs/${job.publicId}/reports`).send({ reason: 'boring' });
    expect(badReason.status).toBe(400);
    expect(badReason.body.error.details[0].path).toBe('reason');
    const longNote = await visitor
      .post(`/api/jobs/${job.publicId}/reports`)
      .send({ reason: 'other', note: 'x'.repeat(1001) });
    expect(longNote.status).toBe(400);
    expect(longNote.body.error.details[0]).toEqual({
      path: 'note',
      message: 'Must be at most 1000 characters',
    });
    expect(await h.services.store.readStream(`reports-${job.jobId}`).catch(() => [])).toEqual([]);
  });

  it('answers 404 for an unknown job and 410 with the reason for a removed one', async () => {
    const visitor = agentOf(h);
    const unknown = await visitor.post('/api/jobs/999999999/reports').send({ reason: 'scam' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');

    const job = await freshJob();
    await removeJob(h.services.store, job, 'Filled', '2026-01-02T00:00:00.000Z');
    await settled();
    const removed = await visitor.post(`/api/jobs/${job.publicId}/reports`).send({ reason: 'expired' });
    expect(removed.status).toBe(410);
    expect(removed.body.error).toMatchObject({ code: 'GONE', reason: 'Filled' });
  });

  it('limits reports per address (429 with Retry-After), across jobs and on one job', async () => {
    const jobs = await Promise.all([freshJob(), freshJob()]);
    const visitor = agentOf(h);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await visitor.post(`/api/jobs/${jobs[0]!.publicId}/reports`).send({ reason: 'scam' })).status,
      );
    expect(statuses).toEqual([201, 201, 429]);

    let last = await visitor.post(`/api/jobs/${jobs[1]!.publicId}/reports`).send({ reason: 'scam' });
    for (let i = 0; i < 20 && last.status === 201; i++)
      last = await visitor.post(`/api/jobs/${(await freshJob()).publicId}/reports`).send({ reason: 'other' });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not affected.
    expect(
      (await agentOf(h).post(`/api/jobs/${jobs[1]!.publicId}/reports`).send({ reason: 'scam' })).status,
    ).toBe(201);
  });

  it('refuses a report from another site (CSRF: Origin check)', async () => {
    const job = await freshJob();
    const res = await agentOf(h)
      .post(`/api/jobs/${job.publicId}/reports`)
      .set('Origin', 'https://evil.example')
      .send({ reason: 'scam' });
    expect(res.status).toBe(403);
  });
});

describe('admin reports queue', () => {
  async function reported(reasons: string[], overrides: Parameters<typeof postJob>[1] = {}) {
    const job = await freshJob(overrides);
    for (const [i, reason] of reasons.entries()) {
      const res = await agentOf(h)
        .post(`/api/jobs/${job.publicId}/reports`)
        .send({ reason, note: `note ${i}` });
      expect(res.status).toBe(201);
    }
    return job;
  }

  it('lists one row per job, newest first, with counts per reason and the latest note; open vs handled', async () => {
    const older = await reported(['scam', 'scam', 'other']);
    const newer = await reported(['not-remote']);
    const list = await admin.get('/api/admin/reports').query({ filter: JSON.stringify({ status: 'open' }) });
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toMatch(/^reports 0-\d+\/\d+$/);
    const ids = list.body.map((r: { id: string }) => r.id);
    expect(ids.indexOf(newer.jobId)).toBeLessThan(ids.indexOf(older.jobId));
    const row = list.body.find((r: { id: string }) => r.id === older.jobId);
    expect(row).toMatchObject({
      status: 'open',
      openCount: 3,
      reportCount: 3,
      reasons: { scam: 2, other: 1 },
      latestNote: 'note 2',
      publicId: older.publicId,
      jobStatus: 'live',
    });
    const detail = await queueItem(older.jobId);
    expect(detail.reports).toHaveLength(3);
  });

  it('dismiss: the reports leave the open queue and show as handled; the job is untouched', async () => {
    const job = await reported(['other']);
    const { revision } = await queueItem(job.jobId);
    const res = await admin
      .post(`/api/admin/reports/${job.jobId}/dismiss`)
      .send({ expectedRevision: revision });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'handled', openCount: 0, jobStatus: 'live' });
    expect(res.body.reports[0].status).toBe('dismissed');
    const open = await admin.get('/api/admin/reports').query({ filter: JSON.stringify({ status: 'open' }) });
    expect(open.body.map((r: { id: string }) => r.id)).not.toContain(job.jobId);
    const handled = await admin
      .get('/api/admin/reports')
      .query({ filter: JSON.stringify({ status: 'handled' }) });
    expect(handled.body.map((r: { id: string }) => r.id)).toContain(job.jobId);
    // Handled already: nothing left to dismiss.
    const again = await admin
      .post(`/api/admin/reports/${job.jobId}/dismiss`)
      .send({ expectedRevision: res.body.revision });
    expect(again.status).toBe(409);
  });

  it('a report that arrived after the admin looked makes the action a 409 (nothing handled unseen)', async () => {
    const job = await reported(['other']);
    const { revision } = await queueItem(job.jobId);
    await agentOf(h).post(`/api/jobs/${job.publicId}/reports`).send({ reason: 'scam' });
    const res = await admin
      .post(`/api/admin/reports/${job.jobId}/dismiss`)
      .send({ expectedRevision: revision });
    expect(res.status).toBe(409);
    expect((await queueItem(job.jobId)).openCount).toBe(2);
  });

  it('correct: changes the workplace through a JobCorrected the public API shows, and resolves the reports', async () => {
    const job = await reported(['not-remote'], { workplace: 'remote', isRemote: true, isHybrid: false });
    const { revision } = await queueItem(job.jobId);
    const res = await admin
      .post(`/api/admin/reports/${job.jobId}/correct`)
      .send({ workplace: 'on-site', expectedRevision: revision });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'handled', workplace: 'on-site' });
    expect(res.body.reports[0]).toMatchObject({ status: 'corrected', detail: 'Workplace: on-site' });

    const events = await h.services.store.readStream(`job-${job.jobId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'JobCorrected',
      data: { corrections: { workplace: 'on-site' } },
    });
    const publicJob = await h.http.get(`/api/jobs/${job.publicId}`);
    expect(publicJob.body).toMatchObject({ isRemote: false });
    // The search index applies it too: the job moves from the remote feed to the on-site one.
    await settled();
    const title = publicJob.body.title as string;
    const onSite = await h.http.get('/api/jobs').query({ title, isRemote: 'false' });
    expect(onSite.body.data.map((j: { id: number }) => j.id)).toContain(job.publicId);
    const remote = await h.http.get('/api/jobs').query({ title, isRemote: 'true' });
    expect(remote.body.data.map((j: { id: number }) => j.id)).not.toContain(job.publicId);
    const history = await admin.get(`/api/admin/jobs/${job.jobId}/history`);
    expect(JSON.stringify(history.body)).toContain('Corrected by an admin');

    const bad = await admin
      .post(`/api/admin/reports/${job.jobId}/correct`)
      .send({ workplace: 'moon', expectedRevision: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('workplace');
  });

  it('remove: the job answers 410 with the reason, and the reports are resolved', async () => {
    const job = await reported(['scam', 'scam']);
    const { revision } = await queueItem(job.jobId);
    const res = await admin
      .post(`/api/admin/reports/${job.jobId}/remove`)
      .send({ reason: 'Scam reported by visitors', expectedRevision: revision });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'handled',
      jobStatus: 'removed',
      removalReason: 'Scam reported by visitors',
    });
    expect(res.body.reports.map((r: { status: string }) => r.status)).toEqual(['removed', 'removed']);
    const gone = await h.http.get(`/api/jobs/${job.publicId}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.reason).toBe('Scam reported by visitors');

    const noReason = await admin.post(`/api/admin/reports/${job.jobId}/remove`).send({ expectedRevision: 0 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details[0].path).toBe('reason');
  });

  it('answers 404 for a job without reports', async () => {
    const job = await freshJob();
    expect((await admin.get(`/api/admin/reports/${job.jobId}`)).status).toBe(404);
    expect(
      (await admin.post(`/api/admin/reports/${job.jobId}/dismiss`).send({ expectedRevision: 0 })).status,
    ).toBe(404);
  });

  it('is for admins only: 401 signed out, 403 for a user', async () => {
    const job = await reported(['other']);
    const paths = [
      ['get', '/api/admin/reports'],
      ['get', `/api/admin/reports/${job.jobId}`],
      ['post', `/api/admin/reports/${job.jobId}/dismiss`],
      ['post', `/api/admin/reports/${job.jobId}/correct`],
      ['post', `/api/admin/reports/${job.jobId}/remove`],
    ] as const;
    for (const [method, path] of paths) {
      expect(
        (await agentOf(h)[method](path).send({ expectedRevision: 0, reason: 'x', workplace: 'remote' }))
          .status,
      ).toBe(401);
      const forbidden = await user[method](path).send({
        expectedRevision: 0,
        reason: 'x',
        workplace: 'remote',
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe('FORBIDDEN');
    }
    expect((await queueItem(job.jobId)).openCount).toBe(1);
  });
});
