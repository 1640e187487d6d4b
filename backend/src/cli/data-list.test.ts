import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run data:list` against a shared directory laid out as embedded.ts leaves it for checkouts in private
 * folders (data-<hash>-<id>/{DATA_DIR, postgres/}), plus a checkout's own .data/postgres.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let tmp: string;
let shared: string;
let checkout: string;
let privateDataDir: string;

function cluster(home: string, dataDir: string, options: { postmasterPid?: number } = {}) {
  fs.mkdirSync(path.join(home, 'postgres', 'global'), { recursive: true });
  fs.writeFileSync(path.join(home, 'DATA_DIR'), `${dataDir}\n`);
  fs.writeFileSync(path.join(home, 'postgres', 'PG_VERSION'), '18\n');
  fs.writeFileSync(path.join(home, 'postgres', 'global', 'pg_control'), Buffer.alloc(300 * 1024));
  if (options.postmasterPid)
    fs.writeFileSync(
      path.join(home, 'postgres', 'postmaster.pid'),
      `${options.postmasterPid}\n/x\n0\n5432\n`,
    );
}

function dataList(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'backend/src/cli/data-list.ts', '--root', shared, ...args],
    { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: path.join(checkout, '.data') } },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'data-list-'));
  shared = path.join(tmp, 'shared');
  checkout = path.join(tmp, 'board');
  privateDataDir = path.join(tmp, 'private', '.data');
  fs.mkdirSync(path.join(checkout, '.data', 'postgres'), { recursive: true });
  fs.writeFileSync(path.join(checkout, '.data', 'postgres', 'PG_VERSION'), '18\n');
  fs.mkdirSync(privateDataDir, { recursive: true });
  // In use: the private checkout's DATA_DIR records it.
  cluster(path.join(shared, 'data-aaaa-0002'), privateDataDir);
  fs.writeFileSync(
    path.join(privateDataDir, 'postgres.location'),
    `${path.join(shared, 'data-aaaa-0002', 'postgres')}\n`,
  );
  // An earlier cluster of the same DATA_DIR (it was deleted and made again): orphan.
  cluster(path.join(shared, 'data-aaaa-0001'), privateDataDir);
  // A checkout deleted: orphan.
  cluster(path.join(shared, 'data-bbbb-0001'), path.join(tmp, 'gone', '.data'));
  // Its checkout gone but still running: never removed.
  cluster(path.join(shared, 'data-cccc-0001'), path.join(tmp, 'gone-too', '.data'), {
    postmasterPid: process.pid,
  });
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('npm run data:list', () => {
  it('lists every cluster with its checkout, size, last use and state, and names the orphans', () => {
    const out = dataList();
    expect(out).toContain('Embedded PostgreSQL clusters of board checkouts on this machine (5)');
    expect(out).toContain(`${privateDataDir}  (checkout ${path.dirname(privateDataDir)})`);
    expect(out).toContain(`${path.join(checkout, '.data')}  (checkout ${checkout})`);
    expect(out).toMatch(/in use · 30\d KB · last used \d{4}-\d\d-\d\d \d\d:\d\d UTC \(0 min ago\)/);
    expect(out).toContain('orphan: DATA_DIR uses another');
    expect(out).toContain('orphan: DATA_DIR gone');
    expect(out).toContain('running');
    expect(out).toContain('2 orphans (');
    expect(out).toContain('npm run data:list -- --remove-orphans deletes them.');
    expect(fs.readdirSync(shared)).toHaveLength(4);
  });

  it('--remove-orphans deletes only the orphans', () => {
    const out = dataList('--remove-orphans');
    expect(out).toContain(`Removed ${path.join(shared, 'data-aaaa-0001')}`);
    expect(out).toContain(`Removed ${path.join(shared, 'data-bbbb-0001')}`);
    expect(out).toMatch(/Removed 2 orphans, [\d.]+ (KB|MB) freed\./);
    expect(fs.readdirSync(shared).sort()).toEqual(['data-aaaa-0002', 'data-cccc-0001']);
    expect(fs.existsSync(path.join(checkout, '.data', 'postgres', 'PG_VERSION'))).toBe(true);
    expect(dataList()).toContain('No orphans: every cluster belongs to an existing DATA_DIR.');
  });
});
