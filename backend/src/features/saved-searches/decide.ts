import type { SavedSearchEvent } from '@jobs/contracts';
import type { Decider } from '../../commands/handle';

export type SavedSearchState =
  { status: 'none' } | { status: 'saved' | 'deleted'; id: string; userId: string; useCount: number };

export type SavedSearchCommand =
  | { type: 'SaveSearch'; id: string; userId: string; name: string; filters: Record<string, string> }
  | { type: 'UseSavedSearch'; userId: string }
  | { type: 'DeleteSavedSearch'; userId: string };

/** Unknown, deleted or someone else's: all answer 404, so ids of other users' searches reveal nothing. */
export class SavedSearchNotFoundError extends Error {
  constructor() {
    super('Saved search not found');
    this.name = 'SavedSearchNotFoundError';
  }
}

export function evolveSavedSearch(state: SavedSearchState, event: SavedSearchEvent): SavedSearchState {
  switch (event.type) {
    case 'SavedSearchCreated':
      return { status: 'saved', id: event.data.savedSearchId, userId: event.data.userId, useCount: 0 };
    case 'SavedSearchUsed':
      return state.status === 'none' ? state : { ...state, useCount: state.useCount + 1 };
    case 'SavedSearchDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

function own(state: SavedSearchState, userId: string): void {
  if (state.status !== 'saved' || state.userId !== userId) throw new SavedSearchNotFoundError();
}

export function decideSavedSearch(
  command: SavedSearchCommand,
  state: SavedSearchState,
  { now }: { now: Date },
): SavedSearchEvent[] {
  switch (command.type) {
    case 'SaveSearch':
      // The id is new per request; a retried append with the same id is a no-op.
      if (state.status !== 'none') return [];
      return [
        {
          type: 'SavedSearchCreated',
          data: {
            savedSearchId: command.id,
            userId: command.userId,
            name: command.name,
            filters: command.filters,
            createdAt: now.toISOString(),
          },
        },
      ];
    case 'UseSavedSearch':
      own(state, command.userId);
      return [{ type: 'SavedSearchUsed', data: { usedAt: now.toISOString() } }];
    case 'DeleteSavedSearch':
      own(state, command.userId);
      return [{ type: 'SavedSearchDeleted', data: { deletedAt: now.toISOString() } }];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const savedSearchDecider: Decider<SavedSearchCommand, SavedSearchEvent, SavedSearchState> = {
  decide: decideSavedSearch,
  evolve: evolveSavedSearch,
  initialState: () => ({ status: 'none' }),
};
