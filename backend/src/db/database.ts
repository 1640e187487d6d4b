import pg from 'pg';
import type { Config } from '../config';
import { ensureEmbeddedPostgres } from './embedded';

// Return bigint columns (counts, positions) as JS numbers: they stay far below 2^53 here.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface Database {
  url: string;
  pool: pg.Pool;
  /** 'embedded' when the embedded server of DATA_DIR is used. */
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

export const DEFAULT_EMBEDDED_DATABASE = 'jobs';

/** Longest wait for a database connection (a new one, or a free one of the pool). */
export const DATABASE_CONNECT_TIMEOUT_MS = 5000;

/** Longest wait for the pool's clients to be returned at close, before the embedded server is stopped. */
const POOL_END_WAIT_MS = 3000;

/** Creates the database when missing (safe when several processes race). */
export async function ensureDatabaseExists(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04' && err.code !== '23505') throw err; // created by a concurrent process
      });
    }
  } finally {
    await client.end();
  }
}

/** Connects to DATABASE_URL, or to (and if needed starts) the embedded server of DATA_DIR. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedPgPort'> &
    Partial<Pick<Config, 'databasePoolSize'>>,
  options: { max?: number; onLog?: (m: string) => void } = {},
): Promise<Database> {
  let url = config.databaseUrl;
  let stopEmbedded = async () => undefined as void;
  if (!url) {
    const embedded = await ensureEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      onLog: options.onLog,
    });
    await ensureDatabaseExists(embedded.adminUrl, DEFAULT_EMBEDDED_DATABASE);
    url = embedded.urlFor(DEFAULT_EMBEDDED_DATABASE);
    stopEmbedded = embedded.stop;
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? config.databasePoolSize ?? 20,
    // A server that is down or unreachable fails a query within this (also the longest wait for a free
    // client), instead of leaving the request hanging: the HTTP layer answers 503 naming the database.
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    // Notices a peer that vanished without closing the connection (a host gone, a network cut).
    keepAlive: true,
  });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor may a checked-out one: node-postgres emits 'error' on a client whose server goes away, also
  // between two queries of a transaction, where the pool listens no more. The query in flight (if any)
  // rejects on its own and the pool discards the broken client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    url,
    pool,
    kind: config.databaseUrl ? 'server' : 'embedded',
    async close() {
      // A client still checked out (a query a cut request left running) would hold pool.end() forever:
      // after a few seconds the server is stopped anyway (a fast shutdown ends its sessions).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        pool.end().catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, POOL_END_WAIT_MS))),
      ]);
      clearTimeout(timer);
      await stopEmbedded();
    },
  };
}
