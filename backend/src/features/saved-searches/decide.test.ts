import { describe, it } from 'vitest';
import type { SavedSearchEvent } from '@jobs/contracts';
import { given } from '../../commands/testing';
import { SavedSearchNotFoundError, savedSearchDecider } from './decide';

const now = new Date('2026-03-02T10:00:00.000Z');
const created: SavedSearchEvent = {
  type: 'SavedSearchCreated',
  data: {
    savedSearchId: 's-1',
    userId: 'u-1',
    name: 'Rust jobs',
    filters: { title: 'rust' },
    createdAt: now.toISOString(),
  },
};

describe('saved search decider', () => {
  it('saves a search once (a retried save appends nothing)', () => {
    const save = {
      type: 'SaveSearch',
      id: 's-1',
      userId: 'u-1',
      name: 'Rust jobs',
      filters: { title: 'rust' },
    } as const;
    given(savedSearchDecider).when(save, { now }).then([created]);
    given(savedSearchDecider, [created]).when(save, { now }).then([]);
  });

  it("records each use by its owner; another user's, a deleted or an unknown search is not found", () => {
    given(savedSearchDecider, [created])
      .when({ type: 'UseSavedSearch', userId: 'u-1' }, { now })
      .then([{ type: 'SavedSearchUsed', data: { usedAt: now.toISOString() } }]);
    given(savedSearchDecider, [created])
      .when({ type: 'UseSavedSearch', userId: 'u-2' }, { now })
      .thenThrows(SavedSearchNotFoundError);
    given(savedSearchDecider)
      .when({ type: 'UseSavedSearch', userId: 'u-1' }, { now })
      .thenThrows(SavedSearchNotFoundError);
  });

  it('deletes an own search once', () => {
    const deleted: SavedSearchEvent = { type: 'SavedSearchDeleted', data: { deletedAt: now.toISOString() } };
    given(savedSearchDecider, [created])
      .when({ type: 'DeleteSavedSearch', userId: 'u-1' }, { now })
      .then([deleted]);
    given(savedSearchDecider, [created, deleted])
      .when({ type: 'DeleteSavedSearch', userId: 'u-1' }, { now })
      .thenThrows(SavedSearchNotFoundError);
    given(savedSearchDecider, [created])
      .when({ type: 'DeleteSavedSearch', userId: 'u-2' }, { now })
      .thenThrows(SavedSearchNotFoundError);
  });
});
