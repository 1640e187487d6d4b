import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import '../../backend/src/db/database'; // installs the bigint type parsers

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, empty database on the run's server; drop() removes it. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  pool.on('error', () => undefined);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
