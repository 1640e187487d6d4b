import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { ensureEmbeddedPostgres } from '../../backend/src/db/embedded';
import '../../backend/src/db/database';
import { loadConfig } from '../../backend/src/config';
import { createLogger } from '../../backend/src/logger';
import { buildServices, type Services } from '../../backend/src/compose';

export interface BenchDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

export interface BenchTarget {
  label: string;
  /** A fresh database for one scenario. */
  freshDatabase(prefix: string): Promise<BenchDatabase>;
  /** A database an earlier run kept (BENCH_KEEP=1); drop() leaves it in place. */
  existingDatabase(name: string): BenchDatabase;
  close(): Promise<void>;
}

function withDb(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** A target on the PostgreSQL server at `adminUrl` (fresh databases named bench_{prefix}_{random}). */
export async function target(
  label: string,
  adminUrl: string,
  stop: () => Promise<void>,
): Promise<BenchTarget> {
  return {
    label,
    async freshDatabase(prefix) {
      const name = `bench_${prefix}_${crypto.randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = withDb(adminUrl, name);
      const pool = new pg.Pool({ connectionString: url, max: 40 });
      pool.on('error', () => undefined);
      return {
        name,
        url,
        pool,
        async drop() {
          await pool.end();
          const c = new pg.Client({ connectionString: adminUrl });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    },
    existingDatabase(name) {
      const url = withDb(adminUrl, name);
      const pool = new pg.Pool({ connectionString: url, max: 40 });
      pool.on('error', () => undefined);
      return { name, url, pool, drop: () => pool.end() };
    },
    close: stop,
  };
}

/** The port of the bench's embedded PostgreSQL (BENCH_PG_PORT, default 54349): proc.ts counts its CPU by it. */
export const BENCH_PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54349);

/** The embedded default always; the server named by DATABASE_URL too when set. */
export async function benchTargets(): Promise<BenchTarget[]> {
  const embedded = await ensureEmbeddedPostgres({
    dataDir: path.resolve(process.env.BENCH_DATA_DIR ?? '.data/bench'),
    port: BENCH_PG_PORT,
  });
  const targets = [await target('embedded PostgreSQL 18', embedded.adminUrl, embedded.stop)];
  if (process.env.DATABASE_URL)
    targets.push(await target('server (DATABASE_URL)', process.env.DATABASE_URL, async () => undefined));
  return targets;
}

/** The configuration of a bench process on `db` (production mode, no demo seeding, warnings only). */
export function benchConfig(db: BenchDatabase, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret!!',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    SEED_JOBS: '0',
    ...extra,
  });
}

/**
 * The services on `db` for the bench's own work (sources, rebuilds, floors), projections not started: the
 * server under test, when there is one, runs them in its own process.
 */
export function benchServices(
  db: BenchDatabase,
  role: 'cli' | 'test',
  extra?: Record<string, string>,
): Promise<Services> {
  return buildServices(benchConfig(db, extra), createLogger({ level: 'warn' }), {
    role,
    database: { url: db.url, pool: db.pool, kind: 'server', close: async () => undefined },
    startProjections: false,
  });
}
