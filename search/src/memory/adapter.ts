import type { JobSearchDocument, SearchIndex } from '@jobs/contracts';
import { DEFAULT_SUGGESTION_LIMIT } from '../text';
import { MemoryEngine, type IndexedJob } from './engine';

export interface MemorySearchIndex extends SearchIndex {
  readonly engine: MemoryEngine;
}

/**
 * The embedded index behind the search port. Writes apply at once (the port's upsert/remove, used by the
 * contract suite and by a process that feeds it documents); the process-wide index is fed by its follower
 * (follower.ts), which applies job events directly.
 */
export function createMemorySearchIndex(engine = new MemoryEngine()): MemorySearchIndex {
  return {
    kind: 'memory',
    engine,
    async ensureReady() {},
    async upsert(docs: JobSearchDocument[]) {
      for (const doc of docs) engine.upsert(doc satisfies IndexedJob);
      compactIfNeeded(engine);
    },
    async remove(ids: string[]) {
      for (const id of ids) engine.remove(id);
      compactIfNeeded(engine);
    },
    async search(q) {
      return engine.search(q);
    },
    async suggest(prefix, limit = DEFAULT_SUGGESTION_LIMIT) {
      return engine.suggest(prefix, limit);
    },
    async clear() {
      engine.clear();
    },
    async ping() {},
  };
}

function compactIfNeeded(engine: MemoryEngine) {
  if (engine.needsCompaction()) while (!engine.compact(50));
}
