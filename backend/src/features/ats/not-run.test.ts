/**
 * Issue 24 (9): a starter source that had never been synced showed a green 'Healthy'. Through the admin API: it
 * says it has not run yet, and why (paused, no sync bot running, or waiting for the running bot); one whose
 * syncs all failed for want of a network is failing, never 'healthy', with the network error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { signUp, type Agent } from '../admin/testing';
import { BOT_ALIVE_MS, botStatus, recordBotTick } from './bot-heartbeat';
import { createAtsBot } from './bot';
import type { FetchLike } from './connectors';
import { inProcessPoster } from './poster';
import { atsSourceIdFor } from './service';
import { loadStarterCompanies } from './starter';
import { syncSource } from './sync';

let h: TestHarness;
let admin: Agent;
let ids: string[];

async function source(id: string) {
  const res = await admin.get(`/api/admin/ats-sources/${id}`);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
}

async function list(filter: Record<string, string>) {
  const res = await admin
    .get('/api/admin/ats-sources')
    .query({ filter: JSON.stringify(filter), range: '[0,0]' });
  expect(res.status).toBe(200);
  return Number(String(res.headers['content-range']).split('/')[1]);
}

async function settled() {
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 15_000, [ATS_PROJECTION]);
}

beforeAll(async () => {
  h = await createTestHarness();
  admin = (await signUp(h, 'admin')).agent;
  const added = await admin.post('/api/admin/ats-sources/starter').send({});
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  await settled();
  ids = loadStarterCompanies()
    .slice(0, 3)
    .map((c) => atsSourceIdFor(c.kind, c.board, null));
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('a source that has never been synced', () => {
  it('is not healthy: it has not run yet, because no sync bot runs', async () => {
    expect(await source(ids[0]!)).toMatchObject({
      health: 'not-run',
      notRunReason: 'bot-off',
      botLastSeenAt: null,
      lastSyncAt: null,
    });
    expect(await list({ health: 'healthy' })).toBe(0);
    expect(await list({ health: 'not-run' })).toBe(loadStarterCompanies().length);
  });

  it('waits for a bot that ticks; says the bot is off once it stopped ticking; says when it is paused', async () => {
    await recordBotTick(h.services.db.pool, 'test-bot:1');
    expect(await source(ids[0]!)).toMatchObject({ health: 'not-run', notRunReason: 'waiting' });
    const stoppedAt = new Date(Date.now() - BOT_ALIVE_MS - 60_000);
    await h.services.db.pool.query('update ats_bot_heartbeats set seen_at = $1', [stoppedAt]);
    expect(await source(ids[0]!)).toMatchObject({
      notRunReason: 'bot-off',
      botLastSeenAt: stoppedAt.toISOString(),
    });
    expect((await admin.post(`/api/admin/ats-sources/${ids[1]}/pause`).send({})).status).toBe(200);
    await settled();
    expect(await source(ids[1]!)).toMatchObject({ health: 'not-run', notRunReason: 'paused' });
  });

  it('the bot notes each tick, so the admin knows it runs', async () => {
    const pool = h.services.db.pool;
    await pool.query('delete from ats_bot_heartbeats');
    // Nothing due in this tick: every other starter source is pushed an hour ahead.
    await pool.query("update ats_sources set next_run_at = now() + interval '1 hour'");
    const offline: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    const bot = createAtsBot({
      sync: {
        store: h.services.store,
        pool,
        poster: inProcessPoster({ store: h.services.store, projections: h.services.runner }),
        fetch: offline,
      },
    });
    expect(await bot.runDue()).toBe(0);
    expect((await botStatus(pool)).running).toBe(true);
    expect(await source(ids[2]!)).toMatchObject({ health: 'not-run', notRunReason: 'waiting' });
  });
});

describe('a source whose syncs fail for want of a network', () => {
  it('is failing with the network error, and has never synced', async () => {
    const offline: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    await syncSource(
      {
        store: h.services.store,
        pool: h.services.db.pool,
        poster: inProcessPoster({ store: h.services.store, projections: h.services.runner }),
        fetch: offline,
        request: { retries: 0, timeoutMs: 1_000 },
      },
      ids[2]!,
    );
    await settled();
    expect(await source(ids[2]!)).toMatchObject({
      health: 'failing',
      lastSuccessAt: null,
      lastErrorKind: 'retryable',
      lastError: 'Network error: fetch failed',
    });
    expect(await source(ids[2]!)).not.toHaveProperty('notRunReason');
  });
});
