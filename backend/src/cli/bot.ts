/**
 * npm run bot [-- --once] [--concurrency 4]
 *
 * The ATS sync bot as its own process: pulls every active ATS source when it is due and posts
 * through the server's POST /api/ingest/jobs (BOT_API_URL, else PUBLIC_URL) with each source's
 * token, derived from SESSION_SECRET. At start it re-registers the hash of any source whose stored
 * hash is not the one derived from its SESSION_SECRET (after a secret rotation: no manual step), and
 * does the same for a source that answers 401 later. `--once` syncs the due sources and exits (cron). The server can run the same bot in-process instead: RUN_BOT=true.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '../logger';
import { runCli, withCliServices } from './run';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { reregisterAtsTokens, startHttpAtsBot } from '../features/ats/wiring';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      once: { type: 'boolean' },
      concurrency: { type: 'string', default: '4' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log('Usage: npm run bot [-- --once] [--concurrency 4]');
    return 0;
  }
  return withCliServices(
    async (services, signal) => {
      const { config, logger } = services;
      const deps = {
        store: services.store,
        pool: services.db.pool,
        logger,
        serverSecret: services.appDeps.serverSecret!,
        projections: services.runner,
      };
      // The sources as the events have them, then their token hashes as this secret derives them.
      const head = await services.store.headPosition();
      await services.runner.waitForPosition(head, 30_000, [ATS_PROJECTION, INGESTION_SOURCES_PROJECTION]);
      if (signal.aborted) return 0;
      await reregisterAtsTokens(deps);
      const bot = startHttpAtsBot({
        ...deps,
        apiUrl: config.botApiUrl,
        concurrency: Math.max(1, Number(values.concurrency) || 4),
      });
      logger.info({ apiUrl: config.botApiUrl }, 'ATS bot started');
      if (!values.once) {
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        logger.info('ATS bot stopping');
      }
      await bot.stop();
      return 0;
    },
    {
      // Projections run here too (passive beside a server's runner), so the schedule is current alone.
      startProjections: true,
      logger: (config) => createLogger({ level: config.logLevel, pretty: process.stdout.isTTY }),
    },
  );
}

runCli(main, 'ATS bot failed: ');
