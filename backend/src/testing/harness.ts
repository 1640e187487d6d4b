import type Koa from 'koa';
import supertest from 'supertest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db';
import { loadConfig, type Config } from '../config';
import { createLogger, type Logger } from '../logger';
import { buildServices, type Services } from '../compose';
import { createApp } from '../http/app';
import { createIngestionSource, type CreatedSource } from '../features/sources/service';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import type { IngestionSourceKind } from '@jobs/contracts';

export interface TestHarness {
  services: Services;
  app: Koa;
  /** A supertest client bound to the app (no listening socket). */
  http: ReturnType<typeof supertest>;
  testDb: TestDatabase;
  /**
   * Wait until every projection has applied the event store's head, `rounds` times over: a projection that
   * appends (the duplicate check after a posting) moves the head again. Throws when one does not get there.
   */
  settle(rounds?: number, timeoutMs?: number): Promise<void>;
  /** Create an ingestion source and wait for its read model: its token works at once. */
  ingestionSource(name: string, kind?: IngestionSourceKind): Promise<CreatedSource>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the run's PostgreSQL, with the projection runner started:
 * what the server runs, minus the listening socket.
 */
export async function createTestHarness(
  overrides: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestHarness> {
  const testDb = await createTestDatabase('app');
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    DATABASE_URL: testDb.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_JOBS: '0',
    // supertest connects from loopback and stands in for a reverse proxy: tests pick client addresses
    // with X-Forwarded-For. The default (no proxy) is tested in http/client-address.test.ts.
    TRUST_PROXY: 'loopback',
    ...overrides,
  });
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const services = await buildServices(config, logger, {
    role: 'test',
    database: { url: testDb.url, pool: testDb.pool, kind: 'server', close: async () => undefined },
    startProjections: true,
  });
  // The embedded search index answers once it has read the (empty) event history: wait, so every test
  // searches the same index whatever the machine's speed.
  await services.embeddedSearch?.whenReady();
  const app = createApp(services.appDeps);

  return {
    services,
    app,
    http: supertest(app.callback()),
    testDb,
    async settle(rounds = 2, timeoutMs = 15_000) {
      for (let i = 0; i < rounds; i++) {
        const head = await services.store.headPosition();
        if (!(await services.runner.waitForPosition(head, timeoutMs)))
          throw new Error(`projections did not reach position ${head} within ${timeoutMs} ms`);
      }
    },
    async ingestionSource(name, kind = 'api') {
      const created = await createIngestionSource(services.store, { name, kind });
      if (!(await services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION])))
        throw new Error(`the ingestion source ${name} did not reach its read model`);
      return created;
    },
    async close() {
      await services.close();
      await testDb.drop();
    },
  };
}
