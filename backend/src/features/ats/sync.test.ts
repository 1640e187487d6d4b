/**
 * The bot against a local ATS server and the real app: the bot posts through the real
 * POST /api/ingest/jobs (the app listens on a port) with its derived token.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { signUp } from '../admin/testing';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { fixture, startFixtureAtsServer, type FixtureAtsServer } from './testing';
import { httpPoster } from './poster';
import { addAtsSource } from './service';
import { syncSource, type SyncDeps } from './sync';
import { createAtsBot } from './bot';

let h: TestHarness;
let ats: FixtureAtsServer;
let server: http.Server;
let deps: SyncDeps;
let sourceId: string;

const BOARD = '/v1/boards/acme/jobs';
type GreenhouseBoard = { jobs: { id: number; title: string }[]; meta: { total: number } };
const board = () => fixture('greenhouse') as GreenhouseBoard;

async function publicIdOf(externalId: string): Promise<number> {
  const { rows } = await h.services.db.pool.query<{ public_id: number }>(
    'select public_id from jobs where source = $1 and external_id = $2',
    [sourceId, externalId],
  );
  return rows[0]!.public_id;
}

async function sync() {
  const result = await syncSource(deps, sourceId);
  await h.services.runner.waitForPosition(result.position, 10_000);
  return result.sync;
}

beforeAll(async () => {
  h = await createTestHarness();
  ats = await startFixtureAtsServer();
  server = http.createServer(h.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const serverSecret = h.services.appDeps.serverSecret!;
  deps = {
    store: h.services.store,
    pool: h.services.db.pool,
    poster: httpPoster({ apiUrl, serverSecret }),
    fetch,
    request: { retries: 0, timeoutMs: 5_000 },
  };
  const added = await addAtsSource(
    { store: h.services.store, serverSecret },
    { kind: 'greenhouse', board: 'acme', company: 'Acme', intervalMinutes: 60, baseUrl: ats.baseUrl },
    { actor: 'admin:test' },
  );
  sourceId = added.atsSourceId;
  await h.services.runner.waitForPosition(added.position, 10_000);
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await ats?.close();
  await h?.close();
});

describe('ATS sync bot', () => {
  it('first sync posts every job on the board through the ingestion API', async () => {
    const s = await sync();
    expect(s.ok).toBe(true);
    expect(s.counts).toMatchObject({ seen: 2, created: 2, missing: 0 });
    const res = await h.http.get(`/api/jobs/${await publicIdOf('4012')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Data Engineer', company: 'Acme', isRemote: true });
  });

  it('a second sync of the same board posts nothing', async () => {
    const s = await sync();
    expect(s.counts).toMatchObject({ seen: 2, created: 0, updated: 0, unchanged: 2 });
  });

  it('a changed job is updated', async () => {
    const changed = board();
    changed.jobs[0]!.title = 'Senior Data Engineer';
    ats.set(BOARD, { body: changed });
    const s = await sync();
    expect(s.counts).toMatchObject({ updated: 1, unchanged: 1 });
    const res = await h.http.get(`/api/jobs/${await publicIdOf('4012')}`);
    expect(res.body.title).toBe('Senior Data Engineer');
  });

  it('a job missing once stays live; a 500 or a malformed answer removes nothing; missing twice closes it', async () => {
    const without = board();
    without.jobs = without.jobs.filter((j) => j.id !== 4013);
    ats.set(BOARD, { body: without });
    const first = await sync();
    expect(first.counts).toMatchObject({ seen: 1, missing: 1, removed: 0 });
    expect(first.missingExternalIds).toEqual(['4013']);
    const id = await publicIdOf('4013');
    expect((await h.http.get(`/api/jobs/${id}`)).status).toBe(200);

    ats.set(BOARD, { status: 500, body: { error: 'boom' } });
    const failed = await sync();
    expect(failed).toMatchObject({ ok: false, error: { kind: 'retryable' }, consecutiveFailures: 1 });
    ats.set(BOARD, { body: '{"jobs": [' });
    const malformed = await sync();
    expect(malformed).toMatchObject({ ok: false, error: { kind: 'malformed' }, consecutiveFailures: 2 });
    expect(Date.parse(malformed.nextRunAt) - Date.parse(malformed.finishedAt)).toBe(10 * 60_000);
    ats.set(BOARD, { body: { jobs: [], meta: {} } });
    ats.set(BOARD, { status: 200, body: { unexpected: true } });
    expect((await sync()).ok).toBe(false);
    expect((await h.http.get(`/api/jobs/${id}`)).status).toBe(200);

    ats.set(BOARD, { body: without });
    const second = await sync();
    expect(second).toMatchObject({ ok: true, consecutiveFailures: 0 });
    expect(second.counts).toMatchObject({ removed: 1, missing: 0 });
    const gone = await h.http.get(`/api/jobs/${id}`);
    expect(gone.status).toBe(410);
    expect(gone.body.reason).toBe('Closed on Greenhouse');
  });

  it('a closed job back on the board is reposted', async () => {
    ats.set(BOARD, null);
    const s = await sync();
    expect(s.counts).toMatchObject({ reposted: 1 });
    expect((await h.http.get(`/api/jobs/${await publicIdOf('4013')}`)).status).toBe(200);
  });

  it('a 404 board is recorded and backs off; the bot only runs due sources', async () => {
    const { rows } = await h.services.db.pool.query(
      'select last_success_at, next_run_at from ats_sources where id = $1',
      [sourceId],
    );
    expect(rows[0].last_success_at).not.toBeNull();
    const bot = createAtsBot({ sync: deps });
    expect(await bot.runDue()).toBe(0); // synced a moment ago: next run in an hour
    await h.services.db.pool.query(
      "update ats_sources set next_run_at = now() - interval '1 minute' where id = $1",
      [sourceId],
    );
    ats.set(BOARD, { status: 404, body: {} });
    expect(await bot.runDue()).toBe(1);
    ats.set(BOARD, null);
    await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000, [ATS_PROJECTION]);
    const after = await h.services.db.pool.query(
      'select last_error_kind, consecutive_failures from ats_sources where id = $1',
      [sourceId],
    );
    expect(after.rows[0]).toEqual({ last_error_kind: 'board_not_found', consecutive_failures: 1 });
    const history = await h.services.db.pool.query(
      'select count(*)::int as n from ats_syncs where source_id = $1',
      [sourceId],
    );
    expect(history.rows[0].n).toBeGreaterThanOrEqual(9);
  });

  it('a malformed posting is rejected alone with its reason; an odd one degrades alone; the rest syncs', async () => {
    const odd = board() as unknown as { jobs: Record<string, unknown>[] };
    // 4013 loses its title (malformed), 4012 gets a description with nothing readable, and a new
    // posting carries a date that is not one.
    delete odd.jobs[1]!.title;
    odd.jobs[0]!.content = '&lt;script&gt;alert(1)&lt;/script&gt;';
    odd.jobs.push({
      id: 4020,
      title: 'Support Engineer',
      absolute_url: 'https://job-boards.greenhouse.io/acme/jobs/4020',
      location: { name: 'Lisbon, Portugal' },
      first_published: 'soon',
      content: '&lt;p&gt;Help customers.&lt;/p&gt;',
    });
    ats.set(BOARD, { body: odd });
    ats.set('/v1/boards/acme/jobs/4020', { body: { id: 4020, pay_input_ranges: [] } });
    const s = await sync();
    expect(s.ok).toBe(true);
    expect(s.counts).toMatchObject({ seen: 3, rejected: 1, created: 1, updated: 1, missing: 0, removed: 0 });
    expect(s.problems).toEqual([
      {
        externalId: '4012',
        title: 'Data Engineer',
        action: 'degraded',
        message: 'The description has no readable text once cleaned; the title stands in',
      },
      {
        externalId: '4013',
        title: null,
        action: 'rejected',
        message: 'Malformed posting, title: Invalid input: expected string, received undefined',
      },
      {
        externalId: '4020',
        title: 'Support Engineer',
        action: 'degraded',
        message: "first_published 'soon' is not a date; the time of the sync is used",
      },
    ]);
    const created = await h.http.get(`/api/jobs/${await publicIdOf('4020')}`);
    expect(created.body).toMatchObject({ title: 'Support Engineer', location: 'Lisbon, Portugal' });
    expect((await h.http.get(`/api/jobs/${await publicIdOf('4012')}`)).body.description).toBe(
      '<p>Data Engineer</p>',
    );

    // Malformed again: still not closed, since we cannot tell it left the board.
    const again = await sync();
    expect(again.counts).toMatchObject({ rejected: 1, removed: 0, missing: 0 });
    expect((await h.http.get(`/api/jobs/${await publicIdOf('4013')}`)).status).toBe(200);

    // The admin's sync history names them.
    const admin = (await signUp(h, 'admin')).agent;
    await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000, [ATS_PROJECTION]);
    const source = await admin.get(`/api/admin/ats-sources/${sourceId}`);
    expect(source.status).toBe(200);
    expect(source.body.syncs[0].problems).toEqual(again.problems);
    expect(source.body.syncs[0].problems[1]).toMatchObject({ externalId: '4013', action: 'rejected' });
    ats.set(BOARD, null);
    ats.set('/v1/boards/acme/jobs/4020', null);
  });
});
