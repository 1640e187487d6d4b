import type { IngestionSourceEvent, IngestionSourceKind } from '@jobs/contracts/sources';
import type { Decider } from '../../commands/handle';
import { evolve, initialState, type IngestionSourceState } from './source';

export type IngestionSourceCommand =
  | {
      type: 'CreateIngestionSource';
      sourceId: string;
      name: string;
      kind: IngestionSourceKind;
      tokenHash: string;
    }
  | { type: 'RotateIngestionSourceToken'; sourceId: string; tokenHash: string };

export class IngestionSourceExistsError extends Error {
  constructor(readonly sourceId: string) {
    super(`Ingestion source ${sourceId} already exists`);
    this.name = 'IngestionSourceExistsError';
  }
}

export class IngestionSourceNotFoundError extends Error {
  constructor(readonly sourceId: string) {
    super(`Ingestion source ${sourceId} not found`);
    this.name = 'IngestionSourceNotFoundError';
  }
}

export function decide(
  command: IngestionSourceCommand,
  state: IngestionSourceState,
  { now }: { now: Date },
): IngestionSourceEvent[] {
  switch (command.type) {
    case 'CreateIngestionSource':
      if (state.status !== 'absent') throw new IngestionSourceExistsError(command.sourceId);
      return [
        {
          type: 'IngestionSourceCreated',
          data: {
            sourceId: command.sourceId,
            name: command.name,
            kind: command.kind,
            tokenHash: command.tokenHash,
            createdAt: now.toISOString(),
          },
        },
      ];
    case 'RotateIngestionSourceToken':
      if (state.status === 'absent') throw new IngestionSourceNotFoundError(command.sourceId);
      if (state.tokenHash === command.tokenHash) return [];
      return [
        {
          type: 'IngestionSourceTokenRotated',
          data: { sourceId: command.sourceId, tokenHash: command.tokenHash, rotatedAt: now.toISOString() },
        },
      ];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const ingestionSourceDecider: Decider<
  IngestionSourceCommand,
  IngestionSourceEvent,
  IngestionSourceState
> = {
  decide,
  evolve,
  initialState,
};
