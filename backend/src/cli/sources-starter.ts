/**
 * npm run sources:starter [-- --list]
 *
 * Registers the starter list of real companies that hire remotely (backend/src/features/ats/
 * starter-companies.json) as ATS sources; those already registered are left alone. Nothing is
 * fetched: the bot (`npm run bot`, or `RUN_BOT=true npm start`) syncs them when it runs. `--list`
 * prints the list and registers nothing.
 */
import { parseArgs } from 'node:util';
import { ATS_NAMES } from '@jobs/contracts/ats';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { runCli, withCliServices } from './run';
import {
  loadStarterCompanies,
  registerStarterSources,
  STARTER_INTERVAL_MINUTES,
  StarterListError,
} from '../features/ats/starter';

const USAGE = 'Usage: npm run sources:starter [-- --list]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { list: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  let companies;
  try {
    companies = loadStarterCompanies();
  } catch (err) {
    if (!(err instanceof StarterListError)) throw err;
    console.error(err.message);
    return 2;
  }
  if (values.list) {
    for (const c of companies) console.log(`${c.company}\t${ATS_NAMES[c.kind]}\t${c.board}\t${c.sources[0]}`);
    console.log(`\n${companies.length} companies.`);
    return 0;
  }
  return withCliServices(
    async (services) => {
      const serverSecret = services.appDeps.serverSecret;
      if (!serverSecret) {
        console.error('SESSION_SECRET is not set: the ATS sources need it to derive their tokens.');
        return 2;
      }
      const result = await registerStarterSources({ store: services.store, serverSecret }, companies, {
        actor: 'system:cli',
      });
      if (result.position) await services.runner.waitForPosition(result.position, 30_000, [ATS_PROJECTION]);
      console.log(
        `Registered ${result.added.length} ATS sources from the starter list of ${companies.length} companies` +
          ` (${result.existing.length} were already registered), pulled every ${STARTER_INTERVAL_MINUTES / 60} hours.`,
      );
      console.log(
        'The bot syncs them when it runs: npm run bot (or RUN_BOT=true npm start). Without internet access each sync fails, is recorded in the admin and backs off.',
      );
      return 0;
    },
    { startProjections: true },
  );
}

runCli(main);
