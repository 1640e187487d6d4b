/** Commands on ATS sources and the board check that guards adding one. */
import { ATS_NAMES, atsSourceStreamId, type AtsKind, type BoardCheckResult } from '@jobs/contracts/ats';
import { ingestionSourceStreamId } from '@jobs/contracts/sources';
import { WrongExpectedVersionError, type EventStore, type Position } from '@jobs/contracts/eventstore';
import { handleCommand, type CommandMetadata } from '../../commands/handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import { ingestionSourceDecider, IngestionSourceExistsError } from '../sources/decide';
import { hashSourceToken } from '../sources/token';
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
  deps: { store: EventStore; serverSecret: string },
  input: AddAtsSourceInput,
  metadata: CommandMetadata,
): Promise<CommandOutcome> {
  const atsSourceId = atsSourceIdFor(input.kind, input.board, input.baseUrl);
  const ingestionSourceId = atsSourceId;
  try {
    await handleCommand(
      deps.store,
      ingestionSourceStreamId(ingestionSourceId),
      ingestionSourceDecider,
      {
        type: 'CreateIngestionSource',
        sourceId: ingestionSourceId,
        name: `${ATS_NAMES[input.kind]}: ${input.company}`,
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
