/**
 * An ATS board that fails never makes its jobs 410 (docs/ats.md, "A failing board"): 5xx, timeouts and 429
 * close nothing and confirm nothing, so its jobs keep their last confirmation; after
 * UNHEALTHY_AFTER_FAILURES failed syncs in a row the admin shows the source unhealthy with the last error and
 * since when; the next success makes it healthy and confirms its jobs again. Its jobs never expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { signUp } from '../admin/testing';
import { expireStaleJobs } from '../jobs/expiry';
import type { FetchLike } from './connectors';
import { inProcessPoster } from './poster';
import { addAtsSource } from './service';
import { syncSource, type SyncDeps } from './sync';
import { startFixtureAtsServer, type FixtureAtsServer } from './testing';

const BOARD = '/v1/boards/acme/jobs';
const DAY = 24 * 3600_000;
// The poster ingests with the real clock; the sync's clock starts a minute after it.
const T0 = Math.ceil(Date.now() / 1000) * 1000 + 60_000;

let h: TestHarness;
let ats: FixtureAtsServer;
let deps: SyncDeps;
let sourceId: string;
let clock = T0;
/** While true, every request to the board hangs until the connector's timeout aborts it. */
let hang = false;

const hangingFetch: FetchLike = (input, init) =>
  hang
    ? new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      })
    : fetch(input, init);

async function sync() {
  const result = await syncSource(deps, sourceId);
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
  return result.sync;
}

async function jobIds(): Promise<number[]> {
  const { rows } = await h.services.db.pool.query<{ public_id: number }>(
    'select public_id from jobs where source = $1 order by external_id',
    [sourceId],
  );
  return rows.map((r) => Number(r.public_id));
}

beforeAll(async () => {
  h = await createTestHarness();
  ats = await startFixtureAtsServer();
  deps = {
    store: h.services.store,
    pool: h.services.db.pool,
    poster: inProcessPoster({ store: h.services.store, projections: h.services.runner }),
    fetch: hangingFetch,
    now: () => new Date(clock),
    request: { retries: 0, timeoutMs: 200 },
  };
  const added = await addAtsSource(
    { store: h.services.store, serverSecret: h.services.appDeps.serverSecret! },
    { kind: 'greenhouse', board: 'acme', company: 'Acme', intervalMinutes: 60, baseUrl: ats.baseUrl },
    { actor: 'admin:test' },
  );
  sourceId = added.atsSourceId;
  await h.services.runner.waitForPosition(added.position, 10_000);
}, 120_000);

afterAll(async () => {
  await ats?.close();
  await h?.close();
});

describe('a failing ATS board', () => {
  let admin: Awaited<ReturnType<typeof signUp>>['agent'];
  let confirmedAt: string;

  it('a successful sync confirms every job on the board: "Verified on Greenhouse"', async () => {
    expect((await sync()).ok).toBe(true);
    clock = T0 + 3600_000;
    expect((await sync()).counts).toMatchObject({ unchanged: 2 });
    const [id] = await jobIds();
    const job = await h.http.get(`/api/jobs/${id}`).expect(200);
    confirmedAt = job.body.lastConfirmedAt as string;
    // The sync's end (the clock does not move during a sync here).
    expect(confirmedAt).toBe(new Date(T0 + 3600_000).toISOString());
    expect(job.body.confirmedBy).toEqual({ kind: 'ats', name: 'Greenhouse' });
    admin = (await signUp(h, 'admin')).agent;
    const source = await admin.get(`/api/admin/ats-sources/${sourceId}`).expect(200);
    expect(source.body).toMatchObject({ health: 'healthy', failingSince: null, consecutiveFailures: 0 });
  });

  it('5xx, a timeout and a 429 in a row: unhealthy with the last error and since when; jobs stay live and keep their confirmation', async () => {
    clock = T0 + 2 * 3600_000;
    ats.set(BOARD, { status: 503, body: { error: 'unavailable' } });
    expect(await sync()).toMatchObject({ ok: false, error: { kind: 'retryable' }, consecutiveFailures: 1 });
    let source = await admin.get(`/api/admin/ats-sources/${sourceId}`).expect(200);
    expect(source.body).toMatchObject({ health: 'failing', failingSince: new Date(clock).toISOString() });

    clock = T0 + 3 * 3600_000;
    ats.set(BOARD, null);
    hang = true;
    const timedOut = await sync();
    hang = false;
    expect(timedOut).toMatchObject({ ok: false, error: { kind: 'retryable' }, consecutiveFailures: 2 });

    clock = T0 + 4 * 3600_000;
    ats.set(BOARD, { status: 429, body: { error: 'slow down' }, headers: { 'Retry-After': '1' } });
    const limited = await sync();
    expect(limited).toMatchObject({ ok: false, error: { kind: 'retryable' }, consecutiveFailures: 3 });

    source = await admin.get(`/api/admin/ats-sources/${sourceId}`).expect(200);
    expect(source.body).toMatchObject({
      health: 'unhealthy',
      failingSince: new Date(T0 + 2 * 3600_000).toISOString(),
      lastError: limited.error!.message,
      lastErrorKind: 'retryable',
      consecutiveFailures: 3,
      liveJobs: 2,
    });
    const list = await admin
      .get('/api/admin/ats-sources')
      .query({ filter: JSON.stringify({ health: 'unhealthy' }) });
    expect(list.status).toBe(200);
    expect((list.body as { id: string }[]).map((s) => s.id)).toEqual([sourceId]);
    const healthy = await admin
      .get('/api/admin/ats-sources')
      .query({ filter: JSON.stringify({ health: 'healthy' }) });
    expect(healthy.body).toEqual([]);

    for (const id of await jobIds()) {
      const job = await h.http.get(`/api/jobs/${id}`);
      expect(job.status).toBe(200);
      expect(job.body.lastConfirmedAt).toBe(confirmedAt);
    }
  });

  it('its jobs never expire, however long the board fails', async () => {
    const swept = await expireStaleJobs({
      store: h.services.store,
      pool: h.services.db.pool,
      now: () => new Date(T0 + 90 * DAY),
    });
    expect(swept.expired).toBe(0);
    for (const id of await jobIds()) expect((await h.http.get(`/api/jobs/${id}`)).status).toBe(200);
  });

  it('a later success makes it healthy again and confirms its jobs', async () => {
    clock = T0 + 5 * 3600_000;
    ats.set(BOARD, null);
    expect(await sync()).toMatchObject({ ok: true, consecutiveFailures: 0 });
    await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000, [ATS_PROJECTION]);
    const source = await admin.get(`/api/admin/ats-sources/${sourceId}`).expect(200);
    expect(source.body).toMatchObject({ health: 'healthy', failingSince: null, consecutiveFailures: 0 });
    // The last error stays for the record.
    expect(source.body.lastError).toBeTruthy();
    const [id] = await jobIds();
    expect((await h.http.get(`/api/jobs/${id}`)).body.lastConfirmedAt).toBe(new Date(clock).toISOString());
  });

  it('rebuilt from the events, the source and its jobs answer the same', async () => {
    const read = async () => ({
      source: (await admin.get(`/api/admin/ats-sources/${sourceId}`)).body as Record<string, unknown>,
      jobs: await Promise.all(
        (await jobIds()).map((id) => h.http.get(`/api/jobs/${id}`).then((r) => r.body)),
      ),
    });
    const before = await read();
    await h.services.runner.rebuild();
    await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
    expect(await read()).toEqual(before);
  }, 60_000);
});
