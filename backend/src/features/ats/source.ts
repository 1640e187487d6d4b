/** An ATS source's state, folded from its `ats-source-{id}` stream. */
import type { AtsKind, AtsSourceEvent } from '@jobs/contracts/ats';

export type AtsSourceState =
  | { status: 'absent' }
  | {
      status: 'active' | 'paused';
      atsSourceId: string;
      kind: AtsKind;
      board: string;
      company: string;
      intervalMinutes: number;
      ingestionSourceId: string;
      baseUrl: string | null;
      /** Live jobs the last successful sync did not see: closed if the next one misses them too. */
      missingExternalIds: string[];
      consecutiveFailures: number;
      nextRunAt: string | null;
    };

export const initialState = (): AtsSourceState => ({ status: 'absent' });

export function evolve(state: AtsSourceState, event: AtsSourceEvent): AtsSourceState {
  switch (event.type) {
    case 'AtsSourceAdded': {
      const d = event.data;
      return {
        status: 'active',
        atsSourceId: d.atsSourceId,
        kind: d.kind,
        board: d.board,
        company: d.company,
        intervalMinutes: d.intervalMinutes,
        ingestionSourceId: d.ingestionSourceId,
        baseUrl: d.baseUrl,
        missingExternalIds: [],
        consecutiveFailures: 0,
        nextRunAt: null,
      };
    }
    case 'AtsSourcePaused':
      return state.status === 'absent' ? state : { ...state, status: 'paused' };
    case 'AtsSourceResumed':
      return state.status === 'absent'
        ? state
        : { ...state, status: 'active', consecutiveFailures: 0, nextRunAt: null };
    case 'AtsSourceIntervalChanged':
      return state.status === 'absent' ? state : { ...state, intervalMinutes: event.data.intervalMinutes };
    case 'AtsSyncRecorded': {
      if (state.status === 'absent') return state;
      const d = event.data;
      return {
        ...state,
        // A failed sync knows nothing about the board: the first-miss list stays as it was.
        missingExternalIds: d.ok ? d.missingExternalIds : state.missingExternalIds,
        consecutiveFailures: d.consecutiveFailures,
        nextRunAt: d.nextRunAt,
      };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}
