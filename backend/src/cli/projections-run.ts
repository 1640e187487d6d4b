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
import { createLogger } from '../logger';
import { runCli, withCliServices } from './run';

async function main(): Promise<number> {
  if (process.argv.includes('--help')) {
    console.log('Usage: npm run projections:run');
    return 0;
  }
  return withCliServices(
    async (services, signal) => {
      const scheduler = services.alerts.startScheduler(services.runner);
      services.logger.info('projection runner started');
      console.log('projections running');
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      services.logger.info('projection runner stopping');
      scheduler.stop();
      return 0;
    },
    {
      startProjections: true,
      logger: (config) => createLogger({ level: config.logLevel, pretty: process.stdout.isTTY }),
    },
  );
}

runCli(main, 'projection runner failed: ');
