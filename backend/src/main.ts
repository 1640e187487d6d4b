import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { createApp } from './http/app';
import { createHttpServer } from './http/server';
import { describeTrustProxy, trustProxyWarning, trustedProxyAddress } from './http/client-address';
import { buildServices, type Services } from './compose';
import { EmbeddedPostgresError } from './db/embedded';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger({
    level: config.logLevel,
    pretty: config.env === 'development' && process.stdout.isTTY,
  });
  logger.info({ dataDir: config.dataDir, database: config.databaseUrl ? 'server' : 'embedded' }, 'starting');
  const proxyWarning = trustProxyWarning(config.trustProxy);
  if (proxyWarning) logger.warn({ trustProxy: describeTrustProxy(config.trustProxy) }, proxyWarning);

  const services = await buildServices(config, logger, { role: 'server' });
  const app = createApp({
    ...services.appDeps,
    siteDistDir: path.resolve(here, '../../frontend/site/dist'),
  });
  // Requests Node's parser refuses (URL or headers past 16 KB, malformed) get the error shape too.
  // Caps on sockets and idle time keep the board answering when someone holds connections open.
  const server = createHttpServer(
    app,
    (err) => logger.debug({ parserError: err.code }, 'refused a request the HTTP parser could not read'),
    { ...config.http, exempt: trustedProxyAddress(config.trustProxy) },
  ).listen(config.port, config.host);
  let lastDropLog = 0;
  server.on('drop', () => {
    if (Date.now() - lastDropLog < 60_000) return;
    lastDropLog = Date.now();
    logger.warn(
      { maxConnections: config.http.maxConnections },
      'HTTP_MAX_CONNECTIONS reached: new connections are closed',
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  await services.afterListen?.();
  console.log(`\n  Remote jobs board is running at ${config.publicUrl}\n`);
  void seedOnFirstStart(services);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.closeIdleConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A first start on an empty store seeds demo jobs through the ingestion path, so the board is alive. */
async function seedOnFirstStart(services: Services): Promise<void> {
  const { config, logger, store } = services;
  if (config.seedJobs <= 0) return;
  const anyJob = await store.readAll({ eventTypes: ['JobPosted'], maxCount: 1 });
  if (anyJob.length > 0) return;
  logger.info({ jobs: config.seedJobs }, 'empty board: seeding demo jobs (SEED_JOBS=0 turns this off)');
  try {
    // Loaded only here: the demo data's word lists take a few hundred ms to load, which other starts skip.
    const { seedDemoData } = await import('./features/seed/seed');
    const result = await seedDemoData(services, {
      jobs: config.seedJobs,
      onProgress: (p) => {
        if (p.done === p.total || p.done % 1000 === 0)
          logger.info({ done: p.done, total: p.total }, 'seeding demo jobs');
      },
    });
    await services.runner.waitForPosition(result.position, 120_000);
    logger.info({ jobs: result.jobs, seconds: Math.round(result.seconds * 10) / 10 }, 'demo jobs ready');
  } catch (err) {
    logger.error({ err }, 'seeding demo jobs failed');
  }
}

main().catch((err) => {
  // A problem the user solves (the message says how): one sentence, no stack.
  if (err instanceof EmbeddedPostgresError) {
    console.error(`Start-up failed: ${err.message}`);
    process.exit(1);
  }
  console.error('Start-up failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
