import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/index';
import type { AppDeps } from '../../http/app';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { postJob, removeJob, updateJob, type PostedJob } from '../jobs/test-events';
import { adminRoutes } from './routes';
import { flushSearchLog } from './search-log';
import { agentOf, signUp, type Agent } from './testing';

/** Every admin route the router registers, with sample parameters filled in. */
function registeredAdminRoutes(): { method: 'get' | 'post'; path: string }[] {
  const router = new Router();
  // Registration only closes over deps; no handler runs here.
  adminRoutes(router, {} as AppDeps);
  const sample: Record<string, string> = { id: '00000000-0000-4000-8000-000000000000', file: 'jobs.csv' };
  return router.stack.flatMap((layer) =>
    layer.methods
      .filter((m) => m === 'GET' || m === 'POST')
      .map((m) => ({
        method: m.toLowerCase() as 'get' | 'post',
        path: String(layer.path).replace(/:(\w+)/g, (_: string, name: string) => sample[name] ?? 'x'),
      })),
  );
}

const ROUTES = registeredAdminRoutes();

let h: TestHarness;
let admin: { agent: Agent; id: string };
let user: { agent: Agent; id: string; email: string; username: string };
let jobs: PostedJob[];

async function settled(): Promise<void> {
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
}

beforeAll(async () => {
  h = await createTestHarness();
  admin = await signUp(h, 'admin');
  user = await signUp(h, 'user');
  const s = h.services.store;
  jobs = [
    await postJob(s, {
      title: 'Rust Engineer',
      company: 'Ferrous',
      experienceLevel: 'Senior',
      isRemote: true,
    }),
    await postJob(s, {
      title: 'Data Analyst',
      company: 'Numbers Inc',
      type: 'Contract',
      isRemote: false,
      workplace: 'hybrid',
      isHybrid: true,
    }),
    await postJob(s, {
      title: 'Product Designer',
      company: 'Pixel',
      datePosted: '2020-01-15T00:00:00.000Z',
      continent: 'Asia',
    }),
    await postJob(s, { title: 'Go Developer', company: 'Gopher Co' }),
  ];
  await updateJob(s, jobs[0]!, {
    title: 'Senior Rust Engineer',
    company: 'Ferrous',
    experienceLevel: 'Senior',
  });
  await removeJob(s, jobs[3]!, 'Filled', '2026-01-02T00:00:00.000Z');
  await settled();
});
afterAll(async () => {
  await h?.close();
});

describe('every admin route checks the role on the server', () => {
  it('registers the routes we expect (the list below is generated from the router)', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(12);
    expect(ROUTES.map((r) => `${r.method} ${r.path}`)).toContain(
      'post /api/admin/jobs/00000000-0000-4000-8000-000000000000/remove',
    );
  });

  it.each(ROUTES)('$method $path answers 401 signed out and 403 to a user', async ({ method, path }) => {
    const anonymous = await agentOf(h)[method](path).send({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    const forbidden = await user.agent[method](path).send({});
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
  });
});

describe('GET /api/admin/jobs', () => {
  it('pages with Content-Range, exposed to scripts', async () => {
    const res = await admin.agent.get('/api/admin/jobs').query({ range: '[0,1]', sort: '["title","ASC"]' });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('jobs 0-1/4');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(res.body.map((j: { title: string }) => j.title)).toEqual(['Data Analyst', 'Go Developer']);
    const next = await admin.agent.get('/api/admin/jobs').query({ range: '[2,3]', sort: '["title","ASC"]' });
    expect(next.headers['content-range']).toBe('jobs 2-3/4');
    expect(next.body.map((j: { title: string }) => j.title)).toEqual([
      'Product Designer',
      'Senior Rust Engineer',
    ]);
  });

  it.each([
    [{ q: 'rust' }, ['Senior Rust Engineer']],
    [{ q: 'numbers' }, ['Data Analyst']],
    [{ status: 'removed' }, ['Go Developer']],
    [{ type: 'Contract' }, ['Data Analyst']],
    [{ isRemote: false }, ['Data Analyst']],
    [{ experienceLevel: 'Senior' }, ['Senior Rust Engineer']],
    [{ company: 'pixel' }, ['Product Designer']],
    [{ source: 'nope' }, []],
    [{ postedBefore: '2020-01-15' }, ['Product Designer']],
    [{ postedAfter: '2021-01-01', status: 'live' }, ['Data Analyst', 'Senior Rust Engineer']],
  ])('filters %j', async (filter, titles) => {
    const res = await admin.agent
      .get('/api/admin/jobs')
      .query({ filter: JSON.stringify(filter), sort: '["title","ASC"]' });
    expect(res.status).toBe(200);
    expect(res.body.map((j: { title: string }) => j.title)).toEqual(titles);
    expect(res.headers['content-range']).toMatch(new RegExp(`/${titles.length}$`));
  });

  it('answers getMany (filter by ids)', async () => {
    const res = await admin.agent
      .get('/api/admin/jobs')
      .query({ filter: JSON.stringify({ id: [jobs[1]!.jobId, jobs[2]!.jobId] }) });
    expect(res.body.map((j: { id: string }) => j.id).sort()).toEqual([jobs[1]!.jobId, jobs[2]!.jobId].sort());
  });

  it('refuses an unknown sort field or a bad range with 400', async () => {
    expect((await admin.agent.get('/api/admin/jobs').query({ sort: '["password","ASC"]' })).status).toBe(400);
    expect((await admin.agent.get('/api/admin/jobs').query({ range: '[5,1]' })).status).toBe(400);
    expect((await admin.agent.get('/api/admin/jobs').query({ filter: '{bad' })).status).toBe(400);
  });
});

describe('GET /api/admin/jobs/:id and its history', () => {
  it('shows every field of one job', async () => {
    const res = await admin.agent.get(`/api/admin/jobs/${jobs[0]!.jobId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: jobs[0]!.jobId,
      publicId: jobs[0]!.publicId,
      title: 'Senior Rust Engineer',
      status: 'live',
      revision: 1,
    });
    expect(res.body.description).toContain('Acme');
    expect((await admin.agent.get('/api/admin/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('reads the timeline from the event store: type, time, actor, what changed', async () => {
    const res = await admin.agent.get(`/api/admin/jobs/${jobs[0]!.jobId}/history`);
    expect(res.status).toBe(200);
    expect(res.body.map((e: { type: string }) => e.type)).toEqual(['JobPosted', 'JobUpdated']);
    expect(res.body[1]).toMatchObject({ revision: 1, actor: 'system' });
    expect(res.body[1].changes).toContainEqual({
      field: 'title',
      before: 'Rust Engineer',
      after: 'Senior Rust Engineer',
    });
    expect(Date.parse(res.body[1].time)).not.toBeNaN();
    expect(
      (await admin.agent.get('/api/admin/jobs/00000000-0000-4000-8000-000000000000/history')).status,
    ).toBe(404);
  });
});

describe('job commands', () => {
  it('remove needs a reason', async () => {
    const res = await admin.agent
      .post(`/api/admin/jobs/${jobs[1]!.jobId}/remove`)
      .send({ reason: '  ', expectedRevision: 0 });
    expect(res.status).toBe(400);
  });

  it('remove with a stale revision answers 409 and changes nothing', async () => {
    const res = await admin.agent
      .post(`/api/admin/jobs/${jobs[0]!.jobId}/remove`)
      .send({ reason: 'Spam', expectedRevision: 0 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect((await admin.agent.get(`/api/admin/jobs/${jobs[0]!.jobId}`)).body.status).toBe('live');
  });

  it('remove: the public job answers 410 with the reason and date; the history names the admin', async () => {
    const job = jobs[1]!;
    const res = await admin.agent
      .post(`/api/admin/jobs/${job.jobId}/remove`)
      .send({ reason: 'Scam posting', expectedRevision: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'removed', removalReason: 'Scam posting', revision: 1 });
    const publicJob = await h.http.get(`/api/jobs/${job.publicId}`);
    expect(publicJob.status).toBe(410);
    expect(publicJob.body).toMatchObject({ reason: 'Scam posting' });
    expect(Date.parse(publicJob.body.removedAt)).not.toBeNaN();
    const history = await admin.agent.get(`/api/admin/jobs/${job.jobId}/history`);
    expect(history.body.at(-1)).toMatchObject({ type: 'JobRemoved', actor: `admin:${admin.id}` });
    // Removing twice is a conflict of state, not of revision.
    const again = await admin.agent
      .post(`/api/admin/jobs/${job.jobId}/remove`)
      .send({ reason: 'x', expectedRevision: 1 });
    expect(again.status).toBe(409);
  });

  it('repost brings a removed job back; a stale revision is 409; an unknown job is 404', async () => {
    const job = jobs[3]!;
    expect(
      (await admin.agent.post(`/api/admin/jobs/${job.jobId}/repost`).send({ expectedRevision: 0 })).status,
    ).toBe(409);
    const res = await admin.agent.post(`/api/admin/jobs/${job.jobId}/repost`).send({ expectedRevision: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'live', removalReason: null, revision: 2 });
    expect((await h.http.get(`/api/jobs/${job.publicId}`)).status).toBe(200);
    const unknown = await admin.agent
      .post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/repost')
      .send({ expectedRevision: 0 });
    expect(unknown.status).toBe(404);
  });

  it('bulk remove applies one reason and reports each id', async () => {
    const extra = [
      await postJob(h.services.store, { title: 'Bulk A' }),
      await postJob(h.services.store, { title: 'Bulk B' }),
    ];
    await settled();
    const removedAlready = jobs[1]!.jobId;
    const res = await admin.agent
      .post('/api/admin/jobs/bulk-remove')
      .send({ ids: [...extra.map((j) => j.jobId), removedAlready], reason: 'Duplicate' });
    expect(res.status).toBe(200);
    expect(res.body.removed).toBe(2);
    expect(res.body.results).toContainEqual({
      id: removedAlready,
      ok: false,
      error: 'Job is already removed',
    });
    const list = await admin.agent
      .get('/api/admin/jobs')
      .query({ filter: JSON.stringify({ q: 'Bulk', status: 'removed' }) });
    expect(list.body.map((j: { removalReason: string }) => j.removalReason)).toEqual([
      'Duplicate',
      'Duplicate',
    ]);
    expect(
      (await admin.agent.post('/api/admin/jobs/bulk-remove').send({ ids: [], reason: 'x' })).status,
    ).toBe(400);
  });
});

describe('users', () => {
  it('lists and searches without password material', async () => {
    const res = await admin.agent
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ q: user.username }), range: '[0,9]' });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('users 0-0/1');
    expect(res.body[0]).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'user',
      isVerified: false,
      verificationPending: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt|verificationRequestId/i);
    const admins = await admin.agent
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ role: 'admin' }) });
    expect(admins.body.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    const verified = await admin.agent
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ verified: true }) });
    expect(verified.body).toEqual([]);
  });

  it('shows a user with their verification state and alerts', async () => {
    const res = await admin.agent.get(`/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, isVerified: false, alerts: [] });
    expect((await admin.agent.get('/api/admin/users/nobody')).status).toBe(404);
  });

  it('changes a role by command with the expected revision; a stale one is 409', async () => {
    const other = await signUp(h);
    const before = (await admin.agent.get(`/api/admin/users/${other.id}`)).body as { revision: number };
    const stale = await admin.agent
      .post(`/api/admin/users/${other.id}/role`)
      .send({ role: 'admin', expectedRevision: before.revision + 5 });
    expect(stale.status).toBe(409);
    const res = await admin.agent
      .post(`/api/admin/users/${other.id}/role`)
      .send({ role: 'admin', expectedRevision: before.revision });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    // The promoted user's own session sees it on the next request.
    expect((await other.agent.get('/api/admin/dashboard')).status).toBe(200);
    expect(
      (
        await admin.agent
          .post(`/api/admin/users/${other.id}/role`)
          .send({ role: 'nope', expectedRevision: 0 })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin.agent
          .post(`/api/admin/users/${admin.id}/role`)
          .send({ role: 'user', expectedRevision: 2 })
      ).status,
    ).toBe(400);
  });

  it('resends verification to an unverified user', async () => {
    const before = (await admin.agent.get(`/api/admin/users/${user.id}`)).body as { revision: number };
    const res = await admin.agent.post(`/api/admin/users/${user.id}/resend-verification`).send({});
    expect(res.status).toBe(200);
    expect(res.body.revision).toBe(before.revision + 1);
    expect(res.body.verificationPending).toBe(true);
  });
});

describe('dashboard and analytics', () => {
  it('GET /api/admin/dashboard answers the live figures', async () => {
    const res = await admin.agent.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    const live = (
      await h.testDb.pool.query<{ n: number }>("select count(*)::int as n from jobs where status = 'live'")
    ).rows[0]!.n;
    expect(res.body.jobs.live).toBe(live);
    expect(res.body.jobs.postedLast24h).toBeGreaterThanOrEqual(4);
    expect(res.body.users).toBeGreaterThanOrEqual(2);
    expect(typeof res.body.alertsConfirmed).toBe('number');
    const names = res.body.projections.map((p: { name: string }) => p.name);
    expect(names).toContain(JOBS_PROJECTION);
    expect(res.body.projections[0]).toHaveProperty('lagEvents');
    expect(Array.isArray(res.body.sources)).toBe(true);
  });

  it('GET /api/admin/analytics charts a period and logs searches without personal data', async () => {
    expect((await h.http.post('/api/searches').send({ title: 'Zzyzx Wrangler' })).status).toBe(204);
    expect((await h.http.post('/api/searches').send({ title: 'rust' })).status).toBe(204);
    // The log write is fire-and-forget but registered before the response is sent: wait for it.
    await flushSearchLog(h.services.appDeps.pool);
    const res = await admin.agent.get('/api/admin/analytics').query({ period: '7d' });
    expect(res.status).toBe(200);
    expect(res.body.jobsPerDay).toHaveLength(7);
    expect(res.body.jobsPerDay.at(-1).posted).toBeGreaterThanOrEqual(6);
    expect(res.body.alertsPerDay).toHaveLength(7);
    expect(res.body.liveJobsBy.experienceLevel).toContainEqual({ key: 'Senior', count: 1 });
    expect(res.body.zeroResultSearches).toContainEqual({ term: 'zzyzx wrangler', searches: 1 });
    expect(res.body.topSearches.map((t: { term: string }) => t.term)).toContain('rust');
    const columns = (
      await h.testDb.pool.query(
        "select column_name from information_schema.columns where table_name = 'search_terms_daily'",
      )
    ).rows;
    expect(columns.map((c) => c.column_name).sort()).toEqual([
      'day',
      'searches',
      'term',
      'zero_result_searches',
    ]);
    expect((await admin.agent.get('/api/admin/analytics').query({ period: '1y' })).status).toBe(400);
    expect(
      (await admin.agent.get('/api/admin/analytics').query({ period: '90d' })).body.jobsPerDay,
    ).toHaveLength(90);
  });
});

describe('exports', () => {
  it('jobs.csv with the list filters, a dated file name and one line per row', async () => {
    const res = await admin.agent
      .get('/api/admin/export/jobs.csv')
      .query({ filter: JSON.stringify({ status: 'live' }) })
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.on('data', (c: Buffer) => (data += c.toString()));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="jobs-${today}.csv"`);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,publicId,slug,/);
    const live = (
      await h.testDb.pool.query<{ n: number }>("select count(*)::int as n from jobs where status = 'live'")
    ).rows[0]!.n;
    expect(lines).toHaveLength(live + 1);
  });

  it('users.json carries no password material; alerts.csv names the opt-in state', async () => {
    const users = await admin.agent.get('/api/admin/export/users.json');
    expect(users.status).toBe(200);
    expect(users.headers['content-disposition']).toMatch(/filename="users-\d{4}-\d{2}-\d{2}\.json"/);
    const parsed = JSON.parse(users.text) as Record<string, unknown>[];
    expect(parsed.length).toBeGreaterThanOrEqual(3);
    expect(users.text).not.toMatch(/password|scrypt/i);
    const alerts = await admin.agent.get('/api/admin/export/alerts.csv').buffer(true);
    expect(alerts.status).toBe(200);
    expect(alerts.text.split('\r\n')[0]).toContain('optedIn');
    expect(alerts.text).not.toMatch(/token/i);
    const companies = await admin.agent.get('/api/admin/export/companies.json');
    expect(JSON.parse(companies.text).map((c: { name: string }) => c.name)).toContain('Ferrous');
    expect((await admin.agent.get('/api/admin/export/secrets.csv')).status).toBe(400);
  });
});
