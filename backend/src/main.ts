import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { createApp } from './http/app';
import { createHttpServer } from './http/server';
import { describeTrustProxy, trustProxyWarning, trustedProxyAddress } from './http/client-address';
import { buildServices, type Services } from './compose';
import { EmbeddedPostgresError, stopOwnedEmbeddedPostgres } from './db/embedded';
import { sleepUnless, StopController } from './shutdown';
import { planDemoSeed, runDemoSeed } from './features/seed/first-start';

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
  // Listening before anything is started: a signal during the start stops what was started, in order.
  const dataDir = config.dataDir;
  const stop = new StopController({
    onSignal: (signal, state) =>
      state === 'stopping'
        ? logger.info({ signal }, 'shutting down')
        : logger.info(
            { signal },
            'shutting down faster: in-flight requests are cut (the snapshot is still written)',
          ),
    lastResort: () => stopOwnedEmbeddedPostgres(dataDir),
    onFatal: (err, origin) =>
      logger.fatal(
        { err, origin },
        'unexpected error: stopping in order (snapshot, PostgreSQL), then exit 1',
      ),
  }).listen();
  logger.info({ dataDir: config.dataDir, database: config.databaseUrl ? 'server' : 'embedded' }, 'starting');
  const proxyWarning = trustProxyWarning(config.trustProxy);
  if (proxyWarning) logger.warn({ trustProxy: describeTrustProxy(config.trustProxy) }, proxyWarning);

  const services = await buildServices(config, logger, { role: 'server' });
  if (stop.stopping) {
    await services.close();
    return stop.finish(0);
  }
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
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (err) {
    await services.close();
    throw err;
  }
  await services.afterListen?.();
  // The URL is printed when the board can show its jobs: at once, or once the demo seed is in.
  const seeding = seedOnFirstStart(services, stop.signal);

  await stop.requested;
  // 1. No new requests; the ones in flight finish (or are cut when the stop hurries).
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = () => server.closeAllConnections();
  stop.hurry.addEventListener('abort', cut, { once: true });
  const grace = setTimeout(cut, 5_000);
  await closed;
  clearInterval(idle);
  clearTimeout(grace);
  // 2. In-flight work: the demo seed ends after its batches in flight (the next start finishes it).
  // A hurried stop does not wait for them: the pools close under the batch (rolled back, sent again next time).
  await Promise.race([seeding, new Promise((resolve) => stop.hurry.addEventListener('abort', resolve))]);
  // 3. The search snapshot, the projections and the bot, the pools, the embedded PostgreSQL.
  try {
    await services.close();
  } catch (err) {
    logger.warn({ err }, 'a step of the stop failed');
    await stopOwnedEmbeddedPostgres(dataDir).catch(() => undefined);
    return stop.finish(1, `stopped in ${stop.elapsed()} s, not cleanly: ${(err as Error).message}`);
  }
  stop.finish(0);
}

/** Runs of the demo seed before a failure is reported (each goes on from the recorded progress). */
const SEED_ATTEMPTS = 5;

/**
 * A first start on an empty store seeds demo jobs through the ingestion path, so the board is alive; a
 * start after an interrupted seed finishes it. Prints the URL once the board can show the jobs, and a
 * progress line until then. A stop ends it after the batches in flight: not an error.
 */
async function seedOnFirstStart(services: Services, signal: AbortSignal): Promise<void> {
  const { config, logger, store } = services;
  const urlLine = () => console.log(`\n  Remote jobs board is running at ${config.publicUrl}\n`);
  try {
    // The seed records its progress: a failed run (a database too busy to hand out a connection in time, under a
    // large SEED_JOBS on a loaded machine) is taken up again from where it got, a few times, before giving up.
    for (let attempt = 1; ; attempt++) {
      const plan = await planDemoSeed({ pool: services.db.pool, store }, config.seedJobs);
      if (!plan) return urlLine();
      if (attempt === 1)
        logger.info(
          { jobs: plan.target, from: plan.done },
          plan.done > 0
            ? 'finishing the interrupted demo seed'
            : 'empty board: seeding demo jobs (SEED_JOBS=0 turns this off)',
        );
      const progress = seedProgressPrinter(plan.target);
      progress(plan.done);
      let outcome: Awaited<ReturnType<typeof runDemoSeed>>;
      try {
        outcome = await runDemoSeed(
          { pool: services.db.pool, store, logger, runner: services.runner },
          plan,
          { signal, onProgress: (p) => progress(p.done) },
        );
      } catch (err) {
        progress.end();
        if (signal.aborted || attempt >= SEED_ATTEMPTS) throw err;
        const waitMs = 1000 * 2 ** (attempt - 1);
        logger.warn(
          { err: (err as Error).message, attempt, retryInMs: waitMs },
          'demo seed paused by an error: going on from where it got',
        );
        await sleepUnless(waitMs, signal);
        if (signal.aborted) throw err;
        continue;
      }
      progress.end();
      if (outcome.kind === 'interrupted') {
        logger.info(
          { done: outcome.done, target: outcome.target },
          'demo seed interrupted by the stop: the next start finishes it',
        );
        return;
      }
      logger.info({ jobs: outcome.jobs, seconds: Math.round(outcome.seconds * 10) / 10 }, 'demo jobs ready');
      return urlLine();
    }
  } catch (err) {
    if (signal.aborted) {
      logger.info({ err: (err as Error).message }, 'demo seed stopped: the next start finishes it');
      return;
    }
    logger.error({ err }, 'seeding demo jobs failed');
    urlLine();
  }
}

/**
 * "seeding 3,000 demo jobs… (1,200 so far)": on a terminal one line redrawn with a bar, otherwise a line
 * per tenth of the target (at most one a second).
 */
function seedProgressPrinter(target: number) {
  const tty = process.stdout.isTTY;
  const fmt = (n: number) => n.toLocaleString('en-US');
  let lastLine = 0;
  let lastStep = -1;
  const print = (done: number) => {
    const text = `  seeding ${fmt(target)} demo jobs… (${fmt(done)} so far)`;
    if (tty) {
      const width = 20;
      const filled = Math.round((done / Math.max(target, 1)) * width);
      process.stdout.write(`\r  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text.trim()}\x1b[K`);
      return;
    }
    const step = Math.floor((done / Math.max(target, 1)) * 10);
    if (step === lastStep || (Date.now() - lastLine < 1000 && done < target)) return;
    lastStep = step;
    lastLine = Date.now();
    console.log(text);
  };
  return Object.assign(print, { end: () => tty && process.stdout.write('\n') });
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
