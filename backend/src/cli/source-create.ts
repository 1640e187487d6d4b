/**
 * npm run source:create -- --name "Acme" [--kind api]
 *
 * Creates an ingestion source and prints its bearer token once. Works beside a running server: it
 * appends to the same event store and waits until the sources read model has the new source.
 */
import { parseArgs } from 'node:util';
import { INGESTION_SOURCE_KINDS, IngestionSourceKind } from '@jobs/contracts/sources';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { runCli, withCliServices } from './run';
import { createIngestionSource } from '../features/sources/service';
import { SourceNameTakenError } from '../features/sources/names';

const USAGE = `Usage: npm run source:create -- --name "Acme" [--kind ${INGESTION_SOURCE_KINDS.join('|')}]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      kind: { type: 'string', default: 'api' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const name = values.name?.trim();
  const kind = IngestionSourceKind.safeParse(values.kind);
  if (!name || !kind.success) {
    console.error(!name ? 'Missing --name.' : `Unknown --kind ${values.kind}.`);
    console.error(USAGE);
    return 2;
  }

  // The runner starts so the read model is up to date even when no server runs; beside a server it
  // stays passive and the server's runner projects the event.
  return withCliServices(
    async (services) => {
      const { config } = services;
      let created;
      try {
        created = await createIngestionSource(
          services.store,
          { name, kind: kind.data },
          { actor: 'system:cli' },
          { pool: services.db.pool },
        );
      } catch (err) {
        if (!(err instanceof SourceNameTakenError)) throw err;
        console.error(err.message);
        return 1;
      }
      const visible = await services.runner.waitForPosition(created.position, 15_000, [
        INGESTION_SOURCES_PROJECTION,
      ]);
      console.log(`Created ingestion source "${name}" (kind ${kind.data}, id ${created.sourceId}).`);
      if (!visible)
        console.log('Warning: the sources read model has not caught up yet; the token works once it has.');
      console.log('\nBearer token (shown only this once; store it somewhere safe):\n');
      console.log(`  ${created.token}\n`);
      console.log('Send jobs with it:\n');
      console.log(`  curl -X POST ${config.publicUrl}/api/ingest/jobs \\`);
      console.log(`    -H "Authorization: Bearer ${created.token}" \\`);
      console.log(`    -H "Content-Type: application/json" \\`);
      console.log(
        `    -d '{"items":[{"action":"posted","externalId":"job-1","title":"Backend Engineer","company":"${name.replace(/'/g, '')}","location":"Remote","descriptionHtml":"<p>...</p>","applicationUrl":"https://example.com/apply"}]}'`,
      );
      return 0;
    },
    { startProjections: true },
  );
}

runCli(main);
