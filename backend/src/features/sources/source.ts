import type { IngestionSourceEvent, IngestionSourceKind } from '@jobs/contracts/sources';

export type IngestionSourceState =
  | { status: 'absent' }
  | { status: 'active'; sourceId: string; name: string; kind: IngestionSourceKind; tokenHash: string };

export const initialState = (): IngestionSourceState => ({ status: 'absent' });

export function evolve(state: IngestionSourceState, event: IngestionSourceEvent): IngestionSourceState {
  switch (event.type) {
    case 'IngestionSourceCreated':
      return {
        status: 'active',
        sourceId: event.data.sourceId,
        name: event.data.name,
        kind: event.data.kind,
        tokenHash: event.data.tokenHash,
      };
    case 'IngestionSourceTokenRotated':
      return state.status === 'active' ? { ...state, tokenHash: event.data.tokenHash } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}
