import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { createIngestionSource } from '../features/sources/service';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('npm run source:create', () => {
  it('prints a token once that the ingestion API accepts, beside a running app', async () => {
    const { stdout } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['backend/src/cli/source-create.ts', '--name', 'CLI Test Bot', '--kind', 'greenhouse'],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: h.testDb.url,
          LOG_LEVEL: 'silent',
          DATA_DIR: h.services.config.dataDir,
        },
        timeout: 60_000,
      },
    );
    expect(stdout).toContain('Created ingestion source "CLI Test Bot" (kind greenhouse');
    const tokens = stdout.match(/jb_[A-Za-z0-9_-]{43}/g) ?? [];
    expect(tokens.length).toBeGreaterThan(0);
    expect(new Set(tokens).size).toBe(1);
    const { rows } = await h.services.db.pool.query<{ token_hash: string }>(
      "select token_hash from ingestion_sources where name = 'CLI Test Bot'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain('jb_');

    const res = await h.http
      .post('/api/ingest/jobs')
      .set('Authorization', `Bearer ${tokens[0]}`)
      .send({ items: [{ action: 'closed', externalId: 'nothing-yet' }] });
    expect(res.status).toBe(200);
    expect(res.body.results[0].status).toBe('rejected');
  }, 90_000);

  it('refuses to run without --name', async () => {
    const failed = await run(path.join(root, 'node_modules/.bin/tsx'), ['backend/src/cli/source-create.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: h.testDb.url },
    }).catch((err: { code: number; stderr: string }) => err);
    expect((failed as { code: number }).code).toBe(2);
    expect((failed as { stderr: string }).stderr).toContain('Missing --name');
  }, 60_000);

  it('refuses a name another source has (any case and spacing), so source:rotate --name names one', async () => {
    const existing = await createIngestionSource(h.services.store, { name: 'Taken Name Bot' });
    await h.services.runner.waitForPosition(existing.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
    const failed = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['backend/src/cli/source-create.ts', '--name', '  taken   name BOT '],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: h.testDb.url,
          LOG_LEVEL: 'silent',
          DATA_DIR: h.services.config.dataDir,
        },
        timeout: 60_000,
      },
    ).catch((err: { code: number; stdout: string; stderr: string }) => err);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain(
      `An ingestion source named "taken   name BOT" already exists (id ${existing.sourceId})`,
    );
    expect((failed as { stdout: string }).stdout).not.toMatch(/jb_/);
    const { rows } = await h.services.db.pool.query(
      "select id from ingestion_sources where lower(name) like 'taken%name bot'",
    );
    expect(rows).toHaveLength(1);
  }, 90_000);
});
