import crypto from 'node:crypto';
import type pg from 'pg';
import { ingestionSourceStreamId, type IngestionSourceKind } from '@jobs/contracts/sources';
import { WrongExpectedVersionError, type EventStore, type Position } from '@jobs/contracts/eventstore';
import { handleCommand, type CommandMetadata } from '../../commands/handle';
import { ingestionSourceDecider, IngestionSourceExistsError } from './decide';
import { generateSourceToken, hashSourceToken } from './token';
import { claimSourceName } from './names';

export interface CreatedSource {
  sourceId: string;
  /** The bearer token: shown once, never stored. */
  token: string;
  /** Global position of the creation event (wait for the read model to pass it before using the token). */
  position: Position | null;
}

/**
 * Creates a source with a fresh token. `sourceId` defaults to a random UUID. Throws SourceNameTakenError
 * when another source has the name (names.ts); with `pool`, sources older than name claims count too.
 */
export async function createIngestionSource(
  store: EventStore,
  input: { name: string; kind?: IngestionSourceKind; sourceId?: string },
  metadata: CommandMetadata = { actor: 'system' },
  options: { pool?: pg.Pool } = {},
): Promise<CreatedSource> {
  const sourceId = input.sourceId ?? crypto.randomUUID();
  await claimSourceName({ store, pool: options.pool }, input.name, sourceId, metadata);
  const token = generateSourceToken();
  const result = await handleCommand(
    store,
    ingestionSourceStreamId(sourceId),
    ingestionSourceDecider,
    {
      type: 'CreateIngestionSource',
      sourceId,
      name: input.name.trim(),
      kind: input.kind ?? 'api',
      tokenHash: hashSourceToken(token),
    },
    { metadata },
  );
  return { sourceId, token, position: result.position };
}

/** Replaces a source's token; the old one stops working once the read model has the event. */
export async function rotateIngestionSourceToken(
  store: EventStore,
  sourceId: string,
  metadata: CommandMetadata = { actor: 'system' },
): Promise<CreatedSource> {
  const token = generateSourceToken();
  const result = await handleCommand(
    store,
    ingestionSourceStreamId(sourceId),
    ingestionSourceDecider,
    { type: 'RotateIngestionSourceToken', sourceId, tokenHash: hashSourceToken(token) },
    { metadata },
  );
  return { sourceId, token, position: result.position };
}

/** The demo data's source (a fixed id): created on first use; its token is never needed in-process. */
export const DEMO_SOURCE_ID = 'demo';

export async function ensureDemoSource(
  store: EventStore,
): Promise<{ sourceId: string; position: Position | null }> {
  try {
    const created = await createIngestionSource(store, {
      name: 'Demo data',
      kind: 'demo',
      sourceId: DEMO_SOURCE_ID,
    });
    return { sourceId: created.sourceId, position: created.position };
  } catch (err) {
    // Exists already, or another process created it between our read and our append.
    if (err instanceof IngestionSourceExistsError || err instanceof WrongExpectedVersionError) {
      return { sourceId: DEMO_SOURCE_ID, position: null };
    }
    throw err;
  }
}

export interface IngestionSourceRow {
  id: string;
  name: string;
  kind: string;
}

/** The source whose token this is, from the read model; null when unknown. */
export async function findSourceByToken(pool: pg.Pool, token: string): Promise<IngestionSourceRow | null> {
  const { rows } = await pool.query<IngestionSourceRow>(
    'select id, name, kind from ingestion_sources where token_hash = $1',
    [hashSourceToken(token)],
  );
  return rows[0] ?? null;
}
