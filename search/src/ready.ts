import type { SearchIndex, SearchRebuildWrite } from '@jobs/contracts';

/**
 * A search index made ready on first use instead of at start: a process whose index server is down when
 * it starts still starts (its health check and each search call say search is unavailable), and the
 * first call after the server is back makes the index ready (index, settings) and goes on. A failed
 * attempt is not remembered: the next call tries again.
 */
export interface ReadyOnDemandOptions {
  /**
   * An explicit ensureReady() (at start, a projection's setup) that fails with an error this accepts
   * resolves anyway: the index is then made ready by the first call that needs it. Default: none.
   */
  tolerate?: (err: unknown) => boolean;
}

export function readyOnDemand(index: SearchIndex, options: ReadyOnDemandOptions = {}): SearchIndex {
  let ready: Promise<void> | null = null;
  function ensureReady(): Promise<void> {
    ready ??= index.ensureReady().catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  }
  return {
    kind: index.kind,
    async ensureReady() {
      try {
        await ensureReady();
      } catch (err) {
        if (!options.tolerate?.(err)) throw err;
      }
    },
    ping: () => index.ping(),
    async upsert(docs) {
      await ensureReady();
      await index.upsert(docs);
    },
    async remove(ids) {
      await ensureReady();
      await index.remove(ids);
    },
    async clear() {
      await ensureReady();
      await index.clear();
    },
    // Forwarded (it was not, so a rebuild kept every search index up to date row by row: issue 26).
    ...(index.bulkLoad && {
      bulkLoad: async (phase: 'begin' | 'end') => {
        await ensureReady();
        await index.bulkLoad?.(phase);
      },
    }),
    ...(index.rebuildWrite && {
      rebuildWrite: async (write: SearchRebuildWrite) => {
        await ensureReady();
        await index.rebuildWrite?.(write);
      },
    }),
    async search(q, hints) {
      await ensureReady();
      return index.search(q, hints);
    },
    async suggest(prefix, limit) {
      await ensureReady();
      return index.suggest(prefix, limit);
    },
  };
}
