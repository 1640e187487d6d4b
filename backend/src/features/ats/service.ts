/** Commands on ATS sources and the board check that guards adding one. */
import type pg from 'pg';
import { ATS_NAMES, atsSourceStreamId, type AtsKind, type BoardCheckResult } from '@jobs/contracts/ats';
import { ingestionSourceStreamId } from '@jobs/contracts/sources';
import { WrongExpectedVersionError, type EventStore, type Position } from '@jobs/contracts/eventstore';
import { handleCommand, type CommandMetadata } from '../../commands/handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import {
  ingestionSourceDecider,
  IngestionSourceExistsError,
  IngestionSourceNotFoundError,
} from '../sources/decide';
import { hashSourceToken } from '../sources/token';
import { claimSourceName } from '../sources/names';
import { AtsError, CONNECTORS, type FetchLike } from './connectors';
import { atsSourceDecider, type AtsSourceCommand } from './decide';
import { atsIngestionToken } from './token';

/** One source per (ATS, board, base URL): the id is derived from them, so adding twice conflicts. */
export function atsSourceIdFor(kind: AtsKind, board: string, baseUrl: string | null): string {
  return uuidFromName(JOBS_BOARD_NAMESPACE, `ats-source|${kind}|${board.toLowerCase()}|${baseUrl ?? ''}`);
}

export interface AddAtsSourceInput {
  kind: AtsKind;
  board: string;
  company: string;
  intervalMinutes: number;
  baseUrl: string | null;
}

export interface CommandOutcome {
  atsSourceId: string;
  position: Position | null;
}

/**
 * Adds an ATS source and the ingestion source its bot posts as (same id; the token's hash only,
 * derived from the server secret).
 */
export async function addAtsSource(
  deps: { store: EventStore; serverSecret: string; pool?: pg.Pool },
  input: AddAtsSourceInput,
  metadata: CommandMetadata,
): Promise<CommandOutcome> {
  const atsSourceId = atsSourceIdFor(input.kind, input.board, input.baseUrl);
  const ingestionSourceId = atsSourceId;
  const name = `${ATS_NAMES[input.kind]}: ${input.company.trim()}`;
  // The same board again is AtsSourceExistsError below; another board under this name is refused here.
  await claimSourceName(deps, name, ingestionSourceId, metadata);
  try {
    await handleCommand(
      deps.store,
      ingestionSourceStreamId(ingestionSourceId),
      ingestionSourceDecider,
      {
        type: 'CreateIngestionSource',
        sourceId: ingestionSourceId,
        name,
        kind: input.kind,
        tokenHash: hashSourceToken(atsIngestionToken(deps.serverSecret, ingestionSourceId)),
      },
      { metadata },
    );
  } catch (err) {
    // A retry after a failure between the two appends finds the ingestion source already there.
    if (!(err instanceof IngestionSourceExistsError || err instanceof WrongExpectedVersionError)) throw err;
  }
  const result = await handleCommand(
    deps.store,
    atsSourceStreamId(atsSourceId),
    atsSourceDecider,
    { type: 'AddAtsSource', atsSourceId, ingestionSourceId, ...input },
    { metadata },
  );
  return { atsSourceId, position: result.position };
}

export interface AtsTokenSync {
  /** ATS sources looked at. */
  checked: number;
  /** Ingestion source ids whose token hash was replaced with the derived one. */
  rotated: string[];
  /** Position of the last rotation appended (null when none was). */
  position: Position | null;
}

/**
 * Makes each ATS source's ingestion token hash the one derived from `serverSecret` (token.ts). After
 * SESSION_SECRET changes, the tokens the bot derives no longer match the stored hashes and every post
 * gets 401; this re-registers them, so a secret rotation needs no manual step. Sources are found in the
 * read models (ats_sources, ingestion_sources); only those whose hash differs get a command, and the
 * decider appends nothing when the hash is already the derived one. `ingestionSourceIds` limits it.
 */
export async function syncAtsIngestionTokens(
  deps: { store: EventStore; pool: pg.Pool; serverSecret: string },
  metadata: CommandMetadata,
  options: { ingestionSourceIds?: readonly string[] } = {},
): Promise<AtsTokenSync> {
  const { rows } = await deps.pool.query<{ id: string; token_hash: string | null }>(
    `select a.ingestion_source_id as id, i.token_hash
     from ats_sources a left join ingestion_sources i on i.id = a.ingestion_source_id
     where $1::text[] is null or a.ingestion_source_id = any($1::text[])
     order by a.ingestion_source_id`,
    [options.ingestionSourceIds ?? null],
  );
  const rotated: string[] = [];
  let position: Position | null = null;
  for (const { id, token_hash } of rows) {
    const tokenHash = hashSourceToken(atsIngestionToken(deps.serverSecret, id));
    if (token_hash === tokenHash) continue;
    try {
      const result = await handleCommand(
        deps.store,
        ingestionSourceStreamId(id),
        ingestionSourceDecider,
        { type: 'RotateIngestionSourceToken', sourceId: id, tokenHash },
        { metadata },
      );
      if (result.position) {
        rotated.push(id);
        position = result.position;
      }
    } catch (err) {
      // An ATS source whose ingestion source was never created has nothing to rotate (addAtsSource
      // creates it first); a concurrent rotation by another process wins and is checked next time.
      if (!(err instanceof IngestionSourceNotFoundError || err instanceof WrongExpectedVersionError))
        throw err;
    }
  }
  return { checked: rows.length, rotated, position };
}

/** Pause, resume or change the interval. */
export async function commandAtsSource(
  store: EventStore,
  command: Exclude<AtsSourceCommand, { type: 'AddAtsSource' } | { type: 'RecordAtsSync' }>,
  metadata: CommandMetadata,
): Promise<CommandOutcome> {
  const result = await handleCommand(
    store,
    atsSourceStreamId(command.atsSourceId),
    atsSourceDecider,
    command,
    {
      metadata,
    },
  );
  return { atsSourceId: command.atsSourceId, position: result.position };
}

/** Fetches the board once (list only): what the admin sees before saving, and what discovery records. */
export async function checkBoard(
  input: { kind: AtsKind; board: string; baseUrl: string | null },
  { fetch, timeoutMs = 15_000, retries = 1 }: { fetch: FetchLike; timeoutMs?: number; retries?: number },
): Promise<BoardCheckResult> {
  try {
    const { company, jobs } = await CONNECTORS[input.kind].fetchBoard(input.board, {
      fetch,
      baseUrl: input.baseUrl,
      summaryOnly: true,
      timeoutMs,
      retries,
    });
    return {
      ok: true,
      jobCount: jobs.length,
      company: company ?? null,
      sampleTitles: jobs.slice(0, 5).map((j) => j.title),
      error: null,
    };
  } catch (err) {
    const error =
      err instanceof AtsError
        ? { kind: err.kind, message: err.message }
        : { kind: 'internal' as const, message: (err as Error).message };
    return { ok: false, jobCount: 0, company: null, sampleTitles: [], error };
  }
}
