import { ensureEmbeddedPostgres } from './embedded';

/**
 * Test helper (embedded.test.ts): starts the embedded PostgreSQL of a data directory, prints its handle
 * as one JSON line, then waits to be killed (kill -9 leaves the server running as an orphan).
 */
const [dataDir, port] = process.argv.slice(2);
if (!dataDir || !port) throw new Error('usage: embedded.child.ts <dataDir> <port>');
const handle = await ensureEmbeddedPostgres({ dataDir, port: Number(port), onNotice: () => undefined });
process.stdout.write(
  `${JSON.stringify({ port: handle.port, databaseDir: handle.databaseDir, startedHere: handle.startedHere, pid: process.pid })}\n`,
);
setInterval(() => undefined, 60_000);
