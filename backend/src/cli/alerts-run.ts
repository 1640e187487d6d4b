/**
 * `npm run alerts:run`: one pass of the job-alert digest schedule (what the server's interval does),
 * for cron or by hand. Waits for the alert read models to catch up first; safe beside a running
 * server (the schedule holds an advisory lock, and each (alert, period) is sent once).
 * `--now 2026-11-23T08:00:00Z` runs it as of another time.
 */
import { createLogger } from '../logger';
import { runDigests } from '../features/alerts/digest';
import { runCli, withCliServices } from './run';

async function main(): Promise<number> {
  const nowArg = process.argv.indexOf('--now');
  const now = nowArg > 0 ? new Date(process.argv[nowArg + 1] ?? '') : new Date();
  if (Number.isNaN(now.getTime())) {
    console.error('usage: npm run alerts:run [-- --now <ISO time>]');
    return 2;
  }
  return withCliServices(
    async (services) => {
      const result = await runDigests(services.alerts.digestDeps(services.runner), now);
      console.log(
        result.ran
          ? `job alert digests: ${result.sent} sent, ${result.checked} alerts checked, ${result.failed} failed`
          : 'another process is running the job alert schedule; nothing done',
      );
      return result.failed > 0 ? 1 : 0;
    },
    {
      // The projections run here too (passive if the server leads them), so the read models are current.
      startProjections: true,
      logger: (config) => createLogger({ level: config.logLevel }),
    },
  );
}

runCli(main);
