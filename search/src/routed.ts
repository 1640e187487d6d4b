import type { SearchIndex } from '@jobs/contracts';
import { DEFAULT_SUGGESTION_LIMIT } from './text';
import type { EmbeddedIndexFollower } from './memory/follower';

/**
 * The search port as the app uses it with the embedded index: searches and suggestions from this process's
 * embedded index once it is ready, from the slower index (PostgreSQL, which the search-index projection keeps)
 * until then, so a process that is still loading answers correctly, never empty. Writes go to the slower index
 * (the embedded one follows the events itself).
 */
export function routedSearchIndex(follower: EmbeddedIndexFollower, slower: SearchIndex): SearchIndex {
  return {
    kind: 'routed',
    ensureReady: () => slower.ensureReady(),
    ping: () => slower.ping(),
    upsert: (docs) => slower.upsert(docs),
    remove: (ids) => slower.remove(ids),
    clear: () => slower.clear(),
    bulkLoad: async (phase) => slower.bulkLoad?.(phase),
    ...(slower.rebuildWrite && { rebuildWrite: (write) => slower.rebuildWrite!(write) }),
    async search(q, hints) {
      return follower.ready ? follower.engine.search(q) : slower.search(q, hints);
    },
    async suggest(prefix, limit) {
      return follower.ready
        ? follower.engine.suggest(prefix, limit ?? DEFAULT_SUGGESTION_LIMIT)
        : slower.suggest(prefix, limit);
    },
  };
}
