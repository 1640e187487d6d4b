/**
 * npm run bot [-- --once] [--concurrency 4]
 *
 * The ATS sync bot as its own process: pulls every active ATS source when it is due and posts
 * through the server's POST /api/ingest/jobs (BOT_API_URL, else PUBLIC_URL) with each source's
 * token, derived from SESSION_SECRET (so the bot needs the server's secret). `--once` syncs the
 * due sources and exits (cron). The server can run the same bot in-process instead: RUN_BOT=true.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../logger';
import { buildServices } from '../compose';
import { startHttpAtsBot } from '../features/ats/wiring';

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
  // Projections run here too (passive beside a server's runner), so the schedule is current alone.
  const services = await buildServices(config, logger, { role: 'cli', startProjections: true });
  const bot = startHttpAtsBot({
    store: services.store,
    pool: services.db.pool,
    logger,
    apiUrl: config.botApiUrl,
    serverSecret: services.appDeps.serverSecret!,
    concurrency: Math.max(1, Number(values.concurrency) || 4),
  });
  logger.info({ apiUrl: config.botApiUrl }, 'ATS bot started');
  if (values.once) {
    await bot.stop();
    await services.close();
    return 0;
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  logger.info('ATS bot stopping');
  await bot.stop();
  await services.close();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('ATS bot failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
