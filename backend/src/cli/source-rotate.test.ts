import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { createIngestionSource } from '../features/sources/service';
import { addAtsSource } from '../features/ats/service';
import { atsIngestionToken } from '../features/ats/token';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TOKEN = /jb_[A-Za-z0-9_-]{43}/g;

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
});

afterAll(async () => {
  await h?.close();
});

async function rotate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(path.join(root, 'node_modules/.bin/tsx'), ['backend/src/cli/source-rotate.ts', ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: h.testDb.url,
      LOG_LEVEL: 'silent',
      DATA_DIR: h.services.config.dataDir,
      SESSION_SECRET: h.services.appDeps.serverSecret!,
    },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

/** POST /api/ingest/jobs with a token: 200 with a per-item outcome, or 401. */
async function ingestStatus(token: string): Promise<number> {
  const res = await h.http
    .post('/api/ingest/jobs')
    .set('Authorization', `Bearer ${token}`)
    .send({ items: [{ action: 'closed', externalId: 'nothing-yet' }] });
  if (res.status === 401) expect(res.body.error.code).toBe('UNAUTHORIZED');
  return res.status;
}

describe('npm run source:rotate', () => {
  it('--id prints a new token once; the old one gets 401 and the new one is accepted', async () => {
    const source = await createIngestionSource(h.services.store, { name: 'Rotate Me' });
    await h.services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
    expect(await ingestStatus(source.token)).toBe(200);

    const { code, stdout, stderr } = await rotate('--id', source.sourceId);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(
      `Rotated the token of ingestion source "Rotate Me" (kind api, id ${source.sourceId})`,
    );
    expect(stdout).toContain('The old token no longer works.');
    const tokens = stdout.match(TOKEN) ?? [];
    expect(tokens).toHaveLength(1);
    const [fresh] = tokens as [string];
    expect(fresh).not.toBe(source.token);

    expect(await ingestStatus(source.token)).toBe(401);
    expect(await ingestStatus(fresh)).toBe(200);
    const { rows } = await h.services.db.pool.query<{ token_rotated_at: Date | null }>(
      'select token_rotated_at from ingestion_sources where id = $1',
      [source.sourceId],
    );
    expect(rows[0]!.token_rotated_at).not.toBeNull();

    // --name (any case) finds the same source; the token printed a moment ago stops working in turn.
    const again = await rotate('--name', 'rotate me');
    expect(again.code, again.stderr).toBe(0);
    const [third] = (again.stdout.match(TOKEN) ?? []) as [string];
    expect(third).toBeDefined();
    expect(await ingestStatus(fresh)).toBe(401);
    expect(await ingestStatus(third)).toBe(200);
  }, 120_000);

  it('ATS sources: no token printed; the hash derived from the current SESSION_SECRET is re-registered (--id, --all-ats)', async () => {
    const secret = h.services.appDeps.serverSecret!;
    const add = (board: string) =>
      addAtsSource(
        // Registered while the server had another secret: the tokens derived now get 401.
        { store: h.services.store, serverSecret: 'an-older-secret-an-older-secret-0123456789' },
        { kind: 'lever', board, company: board, intervalMinutes: 60, baseUrl: null },
        { actor: 'admin:test' },
      );
    const [one, two] = [await add('rotate-one'), await add('rotate-two')];
    await h.services.runner.waitForPosition(two.position, 10_000);
    expect(await ingestStatus(atsIngestionToken(secret, one.atsSourceId))).toBe(401);

    const byId = await rotate('--id', one.atsSourceId);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stdout).toContain('is an ATS source');
    expect(byId.stdout).toContain('re-registered 1 token hash(es)');
    expect(byId.stdout.match(TOKEN)).toBeNull();
    expect(await ingestStatus(atsIngestionToken(secret, one.atsSourceId))).toBe(200);
    expect(await ingestStatus(atsIngestionToken(secret, two.atsSourceId))).toBe(401);

    const all = await rotate('--all-ats');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain('Checked 2 ATS source(s); re-registered 1 token hash(es)');
    expect(await ingestStatus(atsIngestionToken(secret, two.atsSourceId))).toBe(200);
  }, 120_000);

  it('says which source it could not find (exit 1), and needs exactly one of --id, --name, --all-ats (exit 2)', async () => {
    const [unknown, none] = await Promise.all([rotate('--id', 'no-such-source'), rotate()]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No ingestion source with id no-such-source.');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Missing --id, --name or --all-ats.');
  }, 90_000);
});
