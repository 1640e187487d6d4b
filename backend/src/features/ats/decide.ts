import type { AtsKind, AtsSourceEvent, AtsSyncRecorded } from '@jobs/contracts/ats';
import type { Decider } from '../../commands/handle';
import { evolve, initialState, type AtsSourceState } from './source';

export type AtsSourceCommand =
  | {
      type: 'AddAtsSource';
      atsSourceId: string;
      kind: AtsKind;
      board: string;
      company: string;
      intervalMinutes: number;
      ingestionSourceId: string;
      baseUrl: string | null;
    }
  | { type: 'PauseAtsSource'; atsSourceId: string }
  | { type: 'ResumeAtsSource'; atsSourceId: string }
  | { type: 'ChangeAtsSourceInterval'; atsSourceId: string; intervalMinutes: number }
  | { type: 'RecordAtsSync'; sync: AtsSyncRecorded };

export class AtsSourceExistsError extends Error {
  constructor(readonly atsSourceId: string) {
    super(`ATS source ${atsSourceId} already exists`);
    this.name = 'AtsSourceExistsError';
  }
}

export class AtsSourceNotFoundError extends Error {
  constructor(readonly atsSourceId: string) {
    super(`ATS source ${atsSourceId} not found`);
    this.name = 'AtsSourceNotFoundError';
  }
}

export function decide(
  command: AtsSourceCommand,
  state: AtsSourceState,
  { now }: { now: Date },
): AtsSourceEvent[] {
  const at = now.toISOString();
  if (command.type === 'AddAtsSource') {
    if (state.status !== 'absent') throw new AtsSourceExistsError(command.atsSourceId);
    const { type: _type, ...data } = command;
    return [{ type: 'AtsSourceAdded', data: { ...data, addedAt: at } }];
  }
  const id = command.type === 'RecordAtsSync' ? command.sync.atsSourceId : command.atsSourceId;
  if (state.status === 'absent') throw new AtsSourceNotFoundError(id);
  switch (command.type) {
    case 'PauseAtsSource':
      return state.status === 'paused'
        ? []
        : [{ type: 'AtsSourcePaused', data: { atsSourceId: id, pausedAt: at } }];
    case 'ResumeAtsSource':
      return state.status === 'active'
        ? []
        : [{ type: 'AtsSourceResumed', data: { atsSourceId: id, resumedAt: at } }];
    case 'ChangeAtsSourceInterval':
      return state.intervalMinutes === command.intervalMinutes
        ? []
        : [
            {
              type: 'AtsSourceIntervalChanged',
              data: { atsSourceId: id, intervalMinutes: command.intervalMinutes, changedAt: at },
            },
          ];
    case 'RecordAtsSync':
      return [{ type: 'AtsSyncRecorded', data: command.sync }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const atsSourceDecider: Decider<AtsSourceCommand, AtsSourceEvent, AtsSourceState> = {
  decide,
  evolve,
  initialState,
};
