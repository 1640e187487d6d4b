/**
 * npm run source:rotate -- --id <sourceId> | --name "Acme" | --all-ats
 *
 * Replaces an ingestion source's bearer token and prints the new one once; the old token stops working
 * as soon as the sources read model has the rotation (the command waits for that). Works beside a
 * running server, like source:create.
 *
 * ATS sources have no token to print: the bot derives theirs from SESSION_SECRET. For them (`--id` or
 * `--name` of one, or `--all-ats` for every one) the command re-registers the hash derived from this
 * process's SESSION_SECRET where it differs. The bot does the same by itself at start, so after a
 * secret rotation this is only needed when the bot runs inside the server (where it needs no token).
 */
import { parseArgs } from 'node:util';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { runCli, withCliServices } from './run';
import type { Services } from '../compose';
import { syncAtsIngestionTokens } from '../features/ats/service';
import { rotateIngestionSourceToken } from '../features/sources/service';
import { SQL_SOURCE_NAME_KEY, sourceNameKey } from '../features/sources/names';

const USAGE = 'Usage: npm run source:rotate -- --id <sourceId> | --name "Acme" | --all-ats';
const WAIT_MS = 15_000;
const READ_MODELS = [INGESTION_SOURCES_PROJECTION, ATS_PROJECTION];

interface SourceRow {
  id: string;
  name: string;
  kind: string;
  ats: boolean;
}

async function findSources(services: Services, by: { id?: string; name?: string }): Promise<SourceRow[]> {
  const { rows } = await services.db.pool.query<SourceRow>(
    `select i.id, i.name, i.kind,
            exists (select 1 from ats_sources a where a.ingestion_source_id = i.id) as ats
     from ingestion_sources i
     where ($1::text is not null and i.id = $1) or ($2::text is not null and ${SQL_SOURCE_NAME_KEY('i.name')} = $2)
     order by i.created_at`,
    [by.id ?? null, by.name === undefined ? null : sourceNameKey(by.name)],
  );
  return rows;
}

async function reregisterAts(services: Services, ids?: string[]): Promise<number> {
  const result = await syncAtsIngestionTokens(
    { store: services.store, pool: services.db.pool, serverSecret: services.appDeps.serverSecret! },
    { actor: 'system:cli' },
    { ingestionSourceIds: ids },
  );
  const visible = await services.runner.waitForPosition(result.position, WAIT_MS, [
    INGESTION_SOURCES_PROJECTION,
  ]);
  console.log(
    `Checked ${result.checked} ATS source(s); re-registered ${result.rotated.length} token hash(es) derived from the current SESSION_SECRET.`,
  );
  for (const id of result.rotated) console.log(`  ${id}`);
  if (!visible) console.log('Warning: the sources read model has not caught up yet.');
  return 0;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      'all-ats': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const id = values.id?.trim() || undefined;
  const name = values.name?.trim() || undefined;
  const allAts = values['all-ats'] === true;
  const chosen = [id, name, allAts || undefined].filter((v) => v !== undefined).length;
  if (chosen !== 1) {
    console.error(
      chosen === 0 ? 'Missing --id, --name or --all-ats.' : 'Give only one of --id, --name, --all-ats.',
    );
    console.error(USAGE);
    return 2;
  }

  return withCliServices(
    async (services) => {
      // The read models up to the newest event, so a source created a moment ago is found.
      const head = await services.store.headPosition();
      await services.runner.waitForPosition(head, WAIT_MS, READ_MODELS);
      if (allAts) return reregisterAts(services);

      const found = await findSources(services, { id, name });
      if (found.length === 0) {
        console.error(id ? `No ingestion source with id ${id}.` : `No ingestion source named "${name}".`);
        return 1;
      }
      if (found.length > 1) {
        // Only sources made before names were unique can share one.
        console.error(`${found.length} ingestion sources are named "${name}"; rotate one with --id:`);
        for (const s of found) console.error(`  ${s.id}  (kind ${s.kind})`);
        return 2;
      }
      const source = found[0]!;
      if (source.ats) {
        console.log(
          `"${source.name}" is an ATS source: the bot derives its token from SESSION_SECRET, so there is no token to show.`,
        );
        return reregisterAts(services, [source.id]);
      }

      const rotated = await rotateIngestionSourceToken(services.store, source.id, { actor: 'system:cli' });
      const visible = await services.runner.waitForPosition(rotated.position, WAIT_MS, [
        INGESTION_SOURCES_PROJECTION,
      ]);
      console.log(
        `Rotated the token of ingestion source "${source.name}" (kind ${source.kind}, id ${source.id}).`,
      );
      console.log(
        visible
          ? 'The old token no longer works.'
          : 'Warning: the sources read model has not caught up yet; the old token works until it has.',
      );
      console.log('\nNew bearer token (shown only this once; store it somewhere safe):\n');
      console.log(`  ${rotated.token}\n`);
      return 0;
    },
    { startProjections: true },
  );
}

runCli(main);
