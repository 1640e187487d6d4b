import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureEmbeddedPostgres } from '../../backend/src/db/embedded';
import { freePort } from '../../backend/src/db/free-port';

/**
 * Vitest global setup: one PostgreSQL server for the whole run. With DATABASE_URL, the server it names
 * (each test file then creates its own fresh database on it); without, a new embedded PostgreSQL in a
 * temporary data directory on a free port, so concurrent runs never share (or stop) each other's server.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.DATABASE_URL);
    return;
  }
  // mkdtemp makes it 0700: as root, the embedded server (run as the postgres user) keeps its cluster
  // outside, in a directory of its own that goes with the run (no chmod needed).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-test-pg-'));
  const handle = await ensureEmbeddedPostgres({ dataDir, port: await freePort(), onNotice: () => undefined });
  project.provide('pgAdminUrl', handle.adminUrl);
  return async () => {
    await handle.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!handle.databaseDir.startsWith(dataDir + path.sep))
      fs.rmSync(path.dirname(handle.databaseDir), { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
