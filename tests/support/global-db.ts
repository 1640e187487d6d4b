import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureEmbeddedPostgres } from '../../backend/src/db/embedded';

/**
 * Vitest global setup: one PostgreSQL server for the whole run. With DATABASE_URL, the server it names
 * (each test file then creates its own fresh database on it); without, the embedded PostgreSQL in .data/test-pg.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.DATABASE_URL);
    return;
  }
  const handle = await ensureEmbeddedPostgres({
    dataDir: path.resolve(process.env.TEST_DATA_DIR ?? '.data/test'),
    port: Number(process.env.TEST_PG_PORT ?? 54339),
  });
  project.provide('pgAdminUrl', handle.adminUrl);
  return async () => {
    await handle.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
