import { SAVED_SEARCH_EVENT_TYPES, type SavedSearchEvent } from '@jobs/contracts/alerts';
import type { SqlProjection } from '../projection';

/** The `saved_searches` read model: a user's saved searches, newest first, with their use. */
export const SAVED_SEARCHES_PROJECTION = 'saved-searches';

export interface SavedSearchRow {
  id: string;
  user_id: string;
  name: string;
  filters: Record<string, string>;
  created_at: Date;
  last_used_at: Date | null;
  use_count: number;
  deleted: boolean;
  revision: number;
}

const migrations = [
  `create table if not exists saved_searches (
     id uuid primary key,
     user_id text not null,
     name text not null,
     filters jsonb not null,
     created_at timestamptz not null,
     last_used_at timestamptz,
     use_count integer not null default 0,
     deleted boolean not null default false,
     revision integer not null
   )`,
  `create index if not exists saved_searches_user on saved_searches (user_id, created_at desc) where not deleted`,
];

export function savedSearchesProjection(): SqlProjection {
  return {
    name: SAVED_SEARCHES_PROJECTION,
    eventTypes: SAVED_SEARCH_EVENT_TYPES,
    tables: ['saved_searches'],
    migrations,
    async handle(recorded, tx) {
      if (!recorded.streamId.startsWith('saved-search-')) return;
      const id = recorded.streamId.slice('saved-search-'.length);
      const event = { type: recorded.type, data: recorded.data } as SavedSearchEvent;
      switch (event.type) {
        case 'SavedSearchCreated': {
          const d = event.data;
          await tx.query(
            `insert into saved_searches (id, user_id, name, filters, created_at, revision)
             values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
            [id, d.userId, d.name, JSON.stringify(d.filters), d.createdAt, recorded.revision],
          );
          return;
        }
        case 'SavedSearchUsed':
          await tx.query(
            `update saved_searches set last_used_at = $1, use_count = use_count + 1, revision = $2
             where id = $3 and revision < $2`,
            [event.data.usedAt, recorded.revision, id],
          );
          return;
        case 'SavedSearchDeleted':
          await tx.query(
            'update saved_searches set deleted = true, revision = $1 where id = $2 and revision < $1',
            [recorded.revision, id],
          );
          return;
        default: {
          const unknown: never = event;
          return unknown;
        }
      }
    },
  };
}
