import type pg from 'pg';
import type { SearchIndex } from '@jobs/contracts';
import { createMeilisearchIndex } from './meilisearch';
import { createPostgresSearchIndex } from './postgres';

export { createMeilisearchIndex } from './meilisearch';
export type { MeilisearchIndexOptions } from './meilisearch';
export { createPostgresSearchIndex } from './postgres';
export { withResultCache, searchGeneration, type CachedSearchIndex } from './cached';
export { readyOnDemand } from './ready';
export { routedSearchIndex } from './routed';
export { EmbeddedIndexFollower, EMBEDDED_INDEX_NAME, type EmbeddedIndexStatus } from './memory/follower';
export { fileSnapshots } from './memory/snapshot';
export { MemoryEngine, type IndexedJob } from './memory/engine';
export { createMemorySearchIndex } from './memory/adapter';

export interface OpenSearchIndexOptions {
  /** MEILI_URL: when set, Meilisearch is the index; otherwise PostgreSQL full-text search in the read-model database. */
  meiliUrl?: string;
  /** MEILI_MASTER_KEY. */
  meiliMasterKey?: string;
  /** Meilisearch index name (default 'jobs'). */
  meiliIndexName?: string;
  /** The read-model database (used by the PostgreSQL adapter). */
  pool: pg.Pool;
}

/** The configured search index, not yet made ready (see openSearchIndex and readyOnDemand). */
export function createSearchIndex(options: OpenSearchIndexOptions): SearchIndex {
  return options.meiliUrl
    ? createMeilisearchIndex({
        url: options.meiliUrl,
        apiKey: options.meiliMasterKey,
        indexName: options.meiliIndexName,
      })
    : createPostgresSearchIndex(options.pool);
}

/** The configured search index, ready to use (tables or settings in place). */
export async function openSearchIndex(options: OpenSearchIndexOptions): Promise<SearchIndex> {
  const index = createSearchIndex(options);
  await index.ensureReady();
  return index;
}
