/**
 * `npm run alerts:run`: one pass of the job-alert digest schedule (what the server's interval does),
 * for cron or by hand. Waits for the alert read models to catch up first; safe beside a running
 * server (the schedule holds an advisory lock, and each (alert, period) is sent once).
 * `--now 2026-11-23T08:00:00Z` runs it as of another time.
 */
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { buildServices } from '../compose';
import { runDigests } from '../features/alerts/digest';

const config = loadConfig();
const logger = createLogger({ level: config.logLevel });
const nowArg = process.argv.indexOf('--now');
const now = nowArg > 0 ? new Date(process.argv[nowArg + 1] ?? '') : new Date();
if (Number.isNaN(now.getTime())) {
  console.error('usage: npm run alerts:run [-- --now <ISO time>]');
  process.exit(2);
}

// The projections run here too (passive if the server leads them), so the read models are current.
const services = await buildServices(config, logger, { role: 'cli', startProjections: true });
try {
  const result = await runDigests(services.alerts.digestDeps(services.runner), now);
  console.log(
    result.ran
      ? `job alert digests: ${result.sent} sent, ${result.checked} alerts checked, ${result.failed} failed`
      : 'another process is running the job alert schedule; nothing done',
  );
  process.exitCode = result.failed > 0 ? 1 : 0;
} finally {
  await services.close();
}
