import type pg from 'pg';
import { StreamNotFoundError, WrongExpectedVersionError, type EventStore } from '@jobs/contracts/eventstore';
import type { CommandMetadata } from '../../commands/handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';

/**
 * Ingestion source names are unique, ignoring case and surrounding or repeated spaces, so
 * `source:rotate --name` names one source. The event store has no unique index: each name is claimed
 * by appending to its own stream, created with "no stream", so two processes cannot both win.
 */
export function sourceNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The same normalisation in SQL (for the read model's names). */
export const SQL_SOURCE_NAME_KEY = (column: string) =>
  `lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

export function sourceNameStreamId(name: string): string {
  return `ingestion-source-name-${uuidFromName(JOBS_BOARD_NAMESPACE, `ingestion-source-name|${sourceNameKey(name)}`)}`;
}

export class SourceNameTakenError extends Error {
  constructor(
    readonly sourceName: string,
    readonly holderId: string,
  ) {
    super(
      `An ingestion source named "${sourceName.trim()}" already exists (id ${holderId}). Choose another name.`,
    );
    this.name = 'SourceNameTakenError';
  }
}

interface SourceNameClaimed {
  sourceId: string;
  name: string;
}

async function holderOf(store: EventStore, streamId: string): Promise<string | null> {
  const history = await store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });
  const first = history[0];
  return first ? (first.data as SourceNameClaimed).sourceId : null;
}

/**
 * Claims `name` for `sourceId`, or throws SourceNameTakenError naming the source that has it. Claiming
 * again for the same source succeeds (a retried create). Sources made before names were claimed are
 * found in the read model when `pool` is given.
 */
export async function claimSourceName(
  deps: { store: EventStore; pool?: pg.Pool },
  name: string,
  sourceId: string,
  metadata: CommandMetadata,
): Promise<void> {
  if (deps.pool) {
    const { rows } = await deps.pool.query<{ id: string }>(
      `select id from ingestion_sources where ${SQL_SOURCE_NAME_KEY('name')} = $1 and id <> $2 limit 1`,
      [sourceNameKey(name), sourceId],
    );
    if (rows[0]) throw new SourceNameTakenError(name, rows[0].id);
  }
  const streamId = sourceNameStreamId(name);
  const holder = await holderOf(deps.store, streamId);
  if (holder !== null) {
    if (holder === sourceId) return;
    throw new SourceNameTakenError(name, holder);
  }
  try {
    const data: SourceNameClaimed = { sourceId, name: name.trim() };
    await deps.store.append(
      streamId,
      [
        {
          id: uuidFromName(JOBS_BOARD_NAMESPACE, `${streamId}|${sourceId}`),
          type: 'IngestionSourceNameClaimed',
          data: { ...data },
          metadata: { ...metadata, at: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  } catch (err) {
    if (!(err instanceof WrongExpectedVersionError)) throw err;
    // Another process claimed it first: fine if for the same source.
    const winner = await holderOf(deps.store, streamId);
    if (winner !== sourceId) throw new SourceNameTakenError(name, winner ?? 'unknown');
  }
}
