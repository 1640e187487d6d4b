/**
 * A discovered company (`discovered-company-{id}`, the id derived from ATS kind and board): found
 * by the discoverer, then approved (an ATS source is added) or rejected. Once decided, finding the
 * same board again changes nothing, so a rejected board is never proposed again.
 */
import type { DiscoveredCompanyEvent, DiscoveredCompanyFound } from '@jobs/contracts/ats';
import type { Decider } from '../../commands/handle';

export type DiscoveredState =
  { status: 'absent' } | { status: 'proposed' | 'approved' | 'rejected'; found: DiscoveredCompanyFound };

export type DiscoveredCommand =
  | { type: 'RecordDiscoveredCompany'; found: Omit<DiscoveredCompanyFound, 'foundAt'> }
  | { type: 'ApproveDiscoveredCompany'; discoveredId: string; atsSourceId: string }
  | { type: 'RejectDiscoveredCompany'; discoveredId: string };

export class DiscoveredCompanyNotFoundError extends Error {
  constructor(readonly discoveredId: string) {
    super(`Discovered company ${discoveredId} not found`);
    this.name = 'DiscoveredCompanyNotFoundError';
  }
}

export class DiscoveredCompanyDecidedError extends Error {
  constructor(
    readonly discoveredId: string,
    readonly status: string,
  ) {
    super(`Discovered company ${discoveredId} is already ${status}`);
    this.name = 'DiscoveredCompanyDecidedError';
  }
}

export function evolve(state: DiscoveredState, event: DiscoveredCompanyEvent): DiscoveredState {
  switch (event.type) {
    case 'DiscoveredCompanyFound':
      return { status: state.status === 'absent' ? 'proposed' : state.status, found: event.data };
    case 'DiscoveredCompanyApproved':
      return state.status === 'absent' ? state : { ...state, status: 'approved' };
    case 'DiscoveredCompanyRejected':
      return state.status === 'absent' ? state : { ...state, status: 'rejected' };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decide(
  command: DiscoveredCommand,
  state: DiscoveredState,
  { now }: { now: Date },
): DiscoveredCompanyEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'RecordDiscoveredCompany': {
      if (state.status === 'approved' || state.status === 'rejected') return [];
      const f = command.found;
      const same =
        state.status === 'proposed' &&
        state.found.jobCount === f.jobCount &&
        state.found.sampleTitles.join('\n') === f.sampleTitles.join('\n');
      return same ? [] : [{ type: 'DiscoveredCompanyFound', data: { ...f, foundAt: at } }];
    }
    case 'ApproveDiscoveredCompany':
    case 'RejectDiscoveredCompany': {
      if (state.status === 'absent') throw new DiscoveredCompanyNotFoundError(command.discoveredId);
      if (state.status !== 'proposed')
        throw new DiscoveredCompanyDecidedError(command.discoveredId, state.status);
      return command.type === 'ApproveDiscoveredCompany'
        ? [
            {
              type: 'DiscoveredCompanyApproved',
              data: { discoveredId: command.discoveredId, atsSourceId: command.atsSourceId, approvedAt: at },
            },
          ]
        : [
            {
              type: 'DiscoveredCompanyRejected',
              data: { discoveredId: command.discoveredId, rejectedAt: at },
            },
          ];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const discoveredCompanyDecider: Decider<DiscoveredCommand, DiscoveredCompanyEvent, DiscoveredState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent' }),
};
