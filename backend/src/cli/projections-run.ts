/**
 * npm run projections:run
 *
 * The projection runner as its own process, for a deployment whose API runs with RUN_PROJECTIONS=false:
 * keeps every read model, the search index and the mail reactors in step with the events, and runs the
 * job-alert digest schedule (what a server with projections does). Several of these (or a server with
 * projections) can run at once: each projection is active in one process, the others stay passive and
 * take over when it goes away. Stops after its current batches on SIGINT/SIGTERM; a kill is safe too
 * (each batch commits with its checkpoint).
 */
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { buildServices } from '../compose';

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log('Usage: npm run projections:run');
    return 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const logger = createLogger({ level: config.logLevel, pretty: process.stdout.isTTY });
  const services = await buildServices(config, logger, { role: 'cli', startProjections: true });
  const scheduler = services.alerts.startScheduler(services.runner);
  logger.info('projection runner started');
  console.log('projections running');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  logger.info('projection runner stopping');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  scheduler.stop();
  await services.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('projection runner failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
