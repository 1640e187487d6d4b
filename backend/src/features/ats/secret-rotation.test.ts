/**
 * SESSION_SECRET rotation and the ATS bot: its per-source tokens are derived from the secret, so a new
 * secret means new tokens. The bot re-registers the derived hashes itself (at start, and on a 401), so
 * restarting it with the new secret is the whole procedure. Real parts: the app listening on a port, the
 * real `npm run bot -- --once` process, a local stand-in for the ATS host.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createLogger } from '../../logger';
import { fixture, startFixtureAtsServer, type FixtureAtsServer } from './testing';
import { httpPoster, reregisteringPoster } from './poster';
import { addAtsSource, syncAtsIngestionTokens } from './service';
import { syncSource } from './sync';
import { atsIngestionToken } from './token';
import { reregisterAtsTokens } from './wiring';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const NEW_SECRET = 'rotated-secret-rotated-secret-0123456789';

let h: TestHarness;
let ats: FixtureAtsServer;
let server: http.Server;
let apiUrl: string;
let oldSecret: string;
let sourceId: string;

async function ingestStatus(token: string): Promise<number> {
  const res = await h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${token}`)
    .send({ items: [{ action: 'closed', externalId: 'nothing-here' }] });
  return res.status;
}

async function jobTitles(): Promise<string[]> {
  const { rows } = await h.services.db.pool.query<{ title: string }>(
    'select title from jobs where source = $1 order by external_id',
    [sourceId],
  );
  return rows.map((r) => r.title);
}

beforeAll(async () => {
  h = await createTestHarness();
  oldSecret = h.services.appDeps.serverSecret!;
  ats = await startFixtureAtsServer();
  server = http.createServer(h.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  // Added by an admin while the server ran with the old secret.
  const added = await addAtsSource(
    { store: h.services.store, serverSecret: oldSecret },
    { kind: 'greenhouse', board: 'acme', company: 'Acme', intervalMinutes: 60, baseUrl: ats.baseUrl },
    { actor: 'admin:test' },
  );
  sourceId = added.atsSourceId;
  await h.services.runner.waitForPosition(added.position, 10_000);
}, 60_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await ats?.close();
  await h?.close();
});

describe('SESSION_SECRET rotation with the ATS bot', () => {
  it('the bot restarted with a new secret re-registers its token and syncs; the old token is refused', async () => {
    expect(oldSecret).not.toBe(NEW_SECRET);
    expect(await ingestStatus(atsIngestionToken(oldSecret, sourceId))).toBe(200);
    expect(await ingestStatus(atsIngestionToken(NEW_SECRET, sourceId))).toBe(401);

    const { stdout, stderr } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['backend/src/cli/bot.ts', '--once'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: h.testDb.url,
          DATA_DIR: h.services.config.dataDir,
          SESSION_SECRET: NEW_SECRET,
          BOT_API_URL: apiUrl,
          LOG_LEVEL: 'warn',
        },
        timeout: 90_000,
      },
    );
    const log = `${stdout}\n${stderr}`;
    expect(log).toContain('ATS source tokens re-registered');

    // It synced with its new token: every job of the board posted, no ingest error recorded (once this
    // process's projections have read what the bot process appended).
    expect(await h.services.runner.waitForPosition(await h.services.store.headPosition(), 30_000)).toBe(true);
    const { rows } = await h.services.db.pool.query<{
      last_error: string | null;
      last_success_at: Date | null;
    }>('select last_error, last_success_at from ats_sources where id = $1', [sourceId]);
    expect(rows[0]!.last_error, log).toBeNull();
    expect(rows[0]!.last_success_at).not.toBeNull();
    expect(await jobTitles()).toHaveLength(2);

    expect(await ingestStatus(atsIngestionToken(NEW_SECRET, sourceId))).toBe(200);
    expect(await ingestStatus(atsIngestionToken(oldSecret, sourceId))).toBe(401);

    // Already matching: nothing more is appended.
    const again = await syncAtsIngestionTokens(
      { store: h.services.store, pool: h.services.db.pool, serverSecret: NEW_SECRET },
      { actor: 'test' },
    );
    expect(again).toMatchObject({ checked: 1, rotated: [], position: null });
  }, 120_000);

  it('a running bot that gets 401 re-registers that source and posts again', async () => {
    // The hash changes under the bot (another process registered it from the old secret).
    const back = await syncAtsIngestionTokens(
      { store: h.services.store, pool: h.services.db.pool, serverSecret: oldSecret },
      { actor: 'test' },
    );
    expect(back.rotated).toEqual([sourceId]);
    await h.services.runner.waitForPosition(back.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
    expect(await ingestStatus(atsIngestionToken(NEW_SECRET, sourceId))).toBe(401);

    const deps = {
      store: h.services.store,
      pool: h.services.db.pool,
      logger: createLogger({ level: 'silent' }),
      serverSecret: NEW_SECRET,
      projections: h.services.runner,
    };
    const reregistered: string[] = [];
    const poster = reregisteringPoster(httpPoster({ apiUrl, serverSecret: NEW_SECRET }), async (id) => {
      reregistered.push(id);
      return (await reregisterAtsTokens(deps, [id])) > 0;
    });
    const changed = fixture('greenhouse') as { jobs: { title: string }[] };
    changed.jobs[0]!.title = 'Principal Data Engineer';
    ats.set('/v1/boards/acme/jobs', { body: changed });

    const { sync, position } = await syncSource(
      { store: h.services.store, pool: h.services.db.pool, poster, fetch, request: { retries: 0 } },
      sourceId,
    );
    await h.services.runner.waitForPosition(position, 10_000);
    expect(sync.error).toBeNull();
    expect(sync.counts).toMatchObject({ updated: 1 });
    expect(reregistered).toEqual([sourceId]);
    expect(await jobTitles()).toContain('Principal Data Engineer');
    expect(await ingestStatus(atsIngestionToken(NEW_SECRET, sourceId))).toBe(200);

    // A 401 the re-registration cannot fix (nothing to change) is not retried in a loop: the sync fails.
    let asked = 0;
    const refused = reregisteringPoster(httpPoster({ apiUrl, serverSecret: 'x'.repeat(40) }), async () => {
      asked++;
      return false;
    });
    await expect(refused.post(sourceId, [{ action: 'closed', externalId: 'x' }])).rejects.toMatchObject({
      name: 'IngestPostError',
      status: 401,
    });
    expect(asked).toBe(1);
  }, 60_000);
});
