/**
 * The starter list of real companies: the data file, its registration (admin route and
 * `npm run sources:starter`), and its sources syncing through the bot. Nothing reaches the network:
 * vendor hosts are rewritten to the local fixture server, whose real saved answers stand in for the
 * boards that have them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_KINDS } from '@jobs/contracts/ats';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { agentOf, signUp, type Agent } from '../admin/testing';
import type { FetchLike } from './connectors';
import { inProcessPoster } from './poster';
import { atsSourceIdFor } from './service';
import { loadStarterCompanies, STARTER_FILE, StarterListError, type StarterCompany } from './starter';
import { syncSource, type SyncDeps } from './sync';
import { startFixtureAtsServer, type FixtureAtsServer } from './testing';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

let h: TestHarness;
let ats: FixtureAtsServer;
let admin: Agent;
let companies: StarterCompany[];
/** Every URL the connectors asked for, before rewriting. */
const asked: string[] = [];

const VENDOR_HOSTS =
  /^https:\/\/(boards-api\.greenhouse\.io|api\.lever\.co|api\.eu\.lever\.co|api\.ashbyhq\.com|www\.workable\.com|api\.smartrecruiters\.com)/;

/** The vendors' hosts, served by the local fixture server; anything else is refused. */
const localFetch: FetchLike = (url, init) => {
  asked.push(url);
  const local = url
    .replace(VENDOR_HOSTS, ats.baseUrl)
    .replace(/^https:\/\/([a-z0-9-]+)\.recruitee\.com/i, `${ats.baseUrl}/recruitee/$1`);
  if (!local.startsWith(ats.baseUrl)) return Promise.reject(new Error(`Unexpected host in the test: ${url}`));
  return fetch(local, init);
};

function syncDeps(fetchImpl: FetchLike): SyncDeps {
  return {
    store: h.services.store,
    pool: h.services.db.pool,
    poster: inProcessPoster({ store: h.services.store, projections: h.services.runner }),
    fetch: fetchImpl,
    request: { retries: 0, timeoutMs: 5_000 },
  };
}

const starter = (kind: string, board: string) => {
  const entry = companies.find((c) => c.kind === kind && c.board === board);
  if (!entry) throw new Error(`${kind} ${board} is not on the starter list`);
  return atsSourceIdFor(entry.kind, entry.board, null);
};

beforeAll(async () => {
  companies = loadStarterCompanies();
  h = await createTestHarness();
  ats = await startFixtureAtsServer({ boards: [] });
  admin = (await signUp(h, 'admin')).agent;
});
afterAll(async () => {
  await ats?.close();
  await h?.close();
});

describe('the starter list', () => {
  it('has at least 100 real companies, each with its ATS board and where it was found', () => {
    expect(companies.length).toBeGreaterThanOrEqual(100);
    expect(new Set(companies.map((c) => c.kind))).toEqual(new Set(ATS_KINDS));
    for (const c of companies) {
      expect(c.sources.length, c.company).toBeGreaterThan(0);
      for (const source of c.sources)
        expect(source).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\//);
    }
    const boards = companies.map((c) => `${c.kind}|${c.board.toLowerCase()}`);
    expect(new Set(boards).size).toBe(companies.length);
    const names = companies.map((c) => `${c.kind}|${c.company}`);
    expect(new Set(names).size).toBe(companies.length);
  });

  it('is data checked on load: a bad entry is named by its place and field', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'starter-')), 'list.json');
    const list = JSON.parse(fs.readFileSync(STARTER_FILE, 'utf8')) as {
      companies: Record<string, unknown>[];
    };
    list.companies[3]!.kind = 'taleo';
    fs.writeFileSync(file, JSON.stringify(list));
    expect(() => loadStarterCompanies(file)).toThrow(StarterListError);
    expect(() => loadStarterCompanies(file)).toThrow(/companies\.3\.kind/);
    list.companies[3]!.kind = list.companies[2]!.kind;
    list.companies[3]!.board = list.companies[2]!.board;
    fs.writeFileSync(file, JSON.stringify(list));
    expect(() => loadStarterCompanies(file)).toThrow(/twice \(companies\.3\)/);
  });
});

describe('registering the starter list', () => {
  it('is for admins only', async () => {
    expect((await agentOf(h).post('/api/admin/ats-sources/starter').send({})).status).toBe(401);
    const user = (await signUp(h, 'user')).agent;
    expect((await user.post('/api/admin/ats-sources/starter').send({})).status).toBe(403);
  });

  it('adds one ATS source per company; again, it adds none', async () => {
    const first = await admin.post('/api/admin/ats-sources/starter').send({});
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ added: companies.length, existing: 0, total: companies.length });
    const list = await admin.get('/api/admin/ats-sources').query({ range: '[0,9]' });
    expect(list.headers['content-range']).toBe(`ats-sources 0-9/${companies.length}`);
    const gitlab = await admin.get(`/api/admin/ats-sources/${starter('greenhouse', 'gitlab')}`);
    expect(gitlab.body).toMatchObject({
      company: 'GitLab',
      kind: 'greenhouse',
      board: 'gitlab',
      status: 'active',
      intervalMinutes: 240,
      nextRunAt: null,
    });

    const again = await admin.post('/api/admin/ats-sources/starter').send({});
    expect(again.body).toEqual({ added: 0, existing: companies.length, total: companies.length });
  }, 60_000);

  it('npm run sources:starter registers the same list beside a running app', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: h.testDb.url,
      LOG_LEVEL: 'silent',
      DATA_DIR: h.services.config.dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    };
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const listed = await run(tsx, ['backend/src/cli/sources-starter.ts', '--list'], { cwd: root, env });
    expect(listed.stdout).toContain(`GitLab\tGreenhouse\tgitlab\thttps://github.com/`);
    expect(listed.stdout).toContain(`${companies.length} companies.`);
    const { stdout } = await run(tsx, ['backend/src/cli/sources-starter.ts'], {
      cwd: root,
      env,
      timeout: 90_000,
    });
    expect(stdout).toContain(
      `Registered 0 ATS sources from the starter list of ${companies.length} companies (${companies.length} were already registered)`,
    );
  }, 120_000);
});

describe('starter sources and the bot', () => {
  it('sync from the boards when the vendors can be reached (their recorded answers here)', async () => {
    asked.length = 0;
    const deps = syncDeps(localFetch);
    const spotify = await syncSource(deps, starter('lever', 'spotify'));
    const linear = await syncSource(deps, starter('ashby', 'linear'));
    const huggingface = await syncSource(deps, starter('workable', 'huggingface'));
    expect(spotify.sync).toMatchObject({ ok: true, counts: { seen: 2, created: 2 } });
    expect(linear.sync).toMatchObject({ ok: true, counts: { seen: 2, created: 2 } });
    expect(huggingface.sync).toMatchObject({ ok: true, counts: { seen: 2, created: 2 } });
    expect(asked).toEqual([
      'https://api.lever.co/v0/postings/spotify?mode=json&skip=0&limit=100',
      'https://api.ashbyhq.com/posting-api/job-board/linear?includeCompensation=true',
      'https://www.workable.com/api/accounts/huggingface?details=true',
    ]);
    await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
    const { rows } = await h.services.db.pool.query<{ public_id: number }>(
      "select public_id from jobs where external_id = 'd87833d0-fb78-4794-b45d-3fe5c8274bc8'",
    );
    const vietnam = await h.http.get(`/api/jobs/${rows[0]!.public_id}`);
    expect(vietnam.body).toMatchObject({ company: 'Spotify', location: 'Ho Chi Minh', type: 'Contract' });
  });

  it('without internet access a sync is recorded as failed and backs off; nothing crashes', async () => {
    const offline: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    const id = starter('greenhouse', 'gitlab');
    const { sync, position } = await syncSource(syncDeps(offline), id);
    expect(sync).toMatchObject({
      ok: false,
      error: { kind: 'retryable', message: 'Network error: fetch failed' },
      consecutiveFailures: 1,
    });
    expect(Date.parse(sync.nextRunAt) - Date.parse(sync.finishedAt)).toBe(5 * 60_000);
    await h.services.runner.waitForPosition(position!, 10_000, [ATS_PROJECTION]);
    const source = await admin.get(`/api/admin/ats-sources/${id}`);
    expect(source.body).toMatchObject({ consecutiveFailures: 1, lastError: 'Network error: fetch failed' });
  });
});
