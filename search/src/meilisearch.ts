import { Meilisearch, type EnqueuedTaskPromise, type Settings } from 'meilisearch';
import type { JobSearchDocument, JobSearchQuery, SearchIndex } from '@jobs/contracts';
import { DEFAULT_SUGGESTION_LIMIT, lastById, normalizeKey, paging, WORLDWIDE_PATTERN } from './text';

export interface MeilisearchIndexOptions {
  url: string;
  apiKey?: string;
  /** Default 'jobs'. */
  indexName?: string;
  /** Longest wait for one write task, in ms (default 60 s). */
  taskTimeoutMs?: number;
}

/** The stored document: the port's fields plus lower-cased keys for filters and sorts. */
interface MeiliJobDocument extends JobSearchDocument {
  datePostedTs: number;
  titleSort: string;
  companySort: string;
  locationKey: string;
  /** The location's lower-cased parts ("berlin, germany" -> "berlin, germany", "berlin", "germany") and the country. */
  locationParts: string[];
  countryKey: string | null;
  continentKey: string | null;
  typeKey: string;
  experienceKey: string;
  industryKey: string;
  remoteOrHybrid: boolean;
  isWorldwide: boolean;
  salaryLo: number | null;
  salaryHi: number | null;
}

/**
 * Ranking: 'words' first (a no-op with matchingStrategy 'all'), then 'sort', so an explicit sort order wins over
 * relevance; the relevance rules follow, and the custom rule puts newer jobs first among equally relevant ones.
 */
export const MEILI_SETTINGS: Settings = {
  searchableAttributes: ['title', 'company', 'skills', 'location', 'descriptionText'],
  filterableAttributes: [
    'locationKey',
    'locationParts',
    'countryKey',
    'continentKey',
    'typeKey',
    'experienceKey',
    'industryKey',
    'isRemote',
    'remoteOrHybrid',
    'isWorldwide',
    'salaryLo',
    'salaryHi',
    'datePostedTs',
    // facets for suggestions (facet search)
    'title',
    'company',
    'skills',
  ],
  sortableAttributes: ['datePostedTs', 'titleSort', 'companySort', 'id'],
  rankingRules: ['words', 'sort', 'typo', 'proximity', 'attribute', 'exactness', 'datePostedTs:desc'],
  typoTolerance: { enabled: true },
  facetSearch: true,
  faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'count' } },
  // Totals must be exact for paging ("totalJobs"), also past Meilisearch's default cap of 1000 hits.
  pagination: { maxTotalHits: 1_000_000 },
};

export function toMeiliDocument(doc: JobSearchDocument): MeiliJobDocument {
  const locationKey = normalizeKey(doc.location);
  const parts = new Set([locationKey, ...locationKey.split(/[,;/|()]+|\s+-\s+/).map((p) => p.trim())]);
  if (doc.country) parts.add(normalizeKey(doc.country));
  parts.delete('');
  return {
    ...doc,
    datePosted: new Date(doc.datePosted).toISOString(),
    datePostedTs: new Date(doc.datePosted).getTime(),
    titleSort: normalizeKey(doc.title),
    companySort: normalizeKey(doc.company),
    locationKey,
    locationParts: [...parts],
    countryKey: doc.country ? normalizeKey(doc.country) : null,
    continentKey: doc.continent ? normalizeKey(doc.continent) : null,
    typeKey: normalizeKey(doc.type),
    experienceKey: normalizeKey(doc.experienceLevel),
    industryKey: normalizeKey(doc.industry),
    remoteOrHybrid: doc.isRemote || doc.isHybrid,
    isWorldwide: doc.continent === null || WORLDWIDE_PATTERN.test(doc.location),
    salaryLo: doc.salaryMinUsd ?? doc.salaryMaxUsd,
    salaryHi: doc.salaryMaxUsd ?? doc.salaryMinUsd,
  };
}

/** A double-quoted filter string: backslashes and quotes escaped. */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The query's filters as one Meilisearch filter expression (AND of clauses), or undefined. */
export function buildFilter(q: JobSearchQuery, useContains: boolean): string | undefined {
  const clauses: string[] = [];
  const loc = q.location;
  if (loc?.kind === 'place') {
    const place = normalizeKey(loc.value);
    if (place) {
      clauses.push(
        useContains
          ? `(locationKey CONTAINS ${quote(place)} OR countryKey = ${quote(place)})`
          : `locationParts = ${quote(place)}`,
      );
    }
  } else if (loc?.kind === 'continent') {
    clauses.push(`continentKey = ${quote(normalizeKey(loc.continent))}`);
    if (loc.remoteOnly) clauses.push('isRemote = true');
  } else if (loc?.kind === 'worldwideRemote') {
    clauses.push('isRemote = true', 'isWorldwide = true');
  }
  if (q.experienceLevel) clauses.push(`experienceKey = ${quote(normalizeKey(q.experienceLevel))}`);
  if (q.type) clauses.push(`typeKey = ${quote(normalizeKey(q.type))}`);
  if (q.industry) clauses.push(`industryKey = ${quote(normalizeKey(q.industry))}`);
  if (q.isRemote !== undefined) clauses.push(`remoteOrHybrid = ${q.isRemote ? 'true' : 'false'}`);
  if (q.salaryUsd) {
    clauses.push(`salaryHi >= ${Number(q.salaryUsd.min)}`);
    if (q.salaryUsd.max !== null) clauses.push(`salaryLo <= ${Number(q.salaryUsd.max)}`);
  }
  if (q.postedAfter) clauses.push(`datePostedTs >= ${new Date(q.postedAfter).getTime()}`);
  return clauses.length ? clauses.join(' AND ') : undefined;
}

export function buildSort(q: JobSearchQuery, hasText: boolean): string[] | undefined {
  const dir = q.sortOrder === 'asc' ? 'asc' : 'desc';
  switch (q.sortBy) {
    case 'relevance':
      // With text the ranking rules decide (ending with datePostedTs:desc); without, newest first.
      return hasText ? undefined : ['datePostedTs:desc', 'id:asc'];
    case 'datePosted':
      return [`datePostedTs:${dir}`, 'id:asc'];
    case 'title':
      return [`titleSort:${dir}`, 'datePostedTs:desc', 'id:asc'];
    case 'company':
      return [`companySort:${dir}`, 'datePostedTs:desc', 'id:asc'];
    default: {
      const never: never = q.sortBy;
      throw new Error(`unknown sortBy ${String(never)}`);
    }
  }
}

/**
 * Suggestions come from facet search on title, company and skills of the jobs index itself (prefix and typo
 * tolerant, with live counts), rather than from a second index of terms: nothing extra to keep in step, and a
 * removed job's terms disappear with it. Order: values starting with the prefix, then values with a word starting
 * with it, then typo matches; by count within each.
 */
export function rankSuggestions(
  prefix: string,
  hits: { value: string; count: number }[],
  limit: number,
): string[] {
  const p = normalizeKey(prefix);
  const tier = (key: string) => (key.startsWith(p) ? 0 : key.includes(` ${p}`) ? 1 : 2);
  const best = new Map<string, { value: string; count: number; tier: number }>();
  for (const hit of hits) {
    const key = normalizeKey(hit.value);
    if (!key) continue;
    const prev = best.get(key);
    if (prev) prev.count += hit.count;
    else best.set(key, { value: hit.value.trim(), count: hit.count, tier: tier(key) });
  }
  return [...best.entries()]
    .sort(([ka, a], [kb, b]) => a.tier - b.tier || b.count - a.count || ka.localeCompare(kb))
    .slice(0, limit)
    .map(([, v]) => v.value);
}

export function createMeilisearchIndex(options: MeilisearchIndexOptions): SearchIndex {
  const client = new Meilisearch({ host: options.url, apiKey: options.apiKey });
  const indexName = options.indexName ?? 'jobs';
  const index = client.index<MeiliJobDocument>(indexName);
  const timeout = options.taskTimeoutMs ?? 60_000;
  // Whether the experimental CONTAINS filter operator is on; looked up once, also by processes that never ran ensureReady.
  let containsEnabled: Promise<boolean> | null = null;

  /** Waits for the task and throws unless it succeeded, so callers checkpoint only after Meilisearch confirms. */
  async function confirm(task: EnqueuedTaskPromise, allowedErrorCodes: string[] = []): Promise<void> {
    const done = await task.waitTask({ timeout });
    if (done.status === 'succeeded') return;
    if (done.error && allowedErrorCodes.includes(done.error.code)) return;
    throw new Error(
      `Meilisearch task ${done.uid} (${done.type}) ${done.status}: ${done.error ? `${done.error.code}: ${done.error.message}` : 'no error given'}`,
    );
  }

  return {
    kind: 'meilisearch',

    async ensureReady() {
      await confirm(client.createIndex(indexName, { primaryKey: 'id' }), ['index_already_exists']);
      await confirm(index.updateSettings(MEILI_SETTINGS));
      // CONTAINS is still an experimental filter operator; without it, a place matches whole location parts only.
      containsEnabled = client.updateExperimentalFeatures({ containsFilter: true }).then(
        (features) => features.containsFilter === true,
        () => false,
      );
      await containsEnabled;
    },

    async upsert(docs) {
      const unique = lastById(docs);
      if (!unique.length) return;
      await confirm(index.addDocuments(unique.map(toMeiliDocument), { primaryKey: 'id' }));
    },

    async remove(ids) {
      const unique = [...new Set(ids)];
      if (!unique.length) return;
      await confirm(index.deleteDocuments(unique));
    },

    async search(q) {
      const { limit, offset } = paging(q);
      const text = q.text?.trim() ?? '';
      containsEnabled ??= client.getExperimentalFeatures().then(
        (features) => features.containsFilter === true,
        () => false,
      );
      const filter = buildFilter(q, await containsEnabled);
      const sort = buildSort(q, text.length > 0);
      const res = await index.search(text || null, {
        filter,
        sort,
        // page/hitsPerPage gives an exhaustive totalHits; pages are whole multiples of the page size.
        page: Math.floor(offset / limit) + 1,
        hitsPerPage: limit,
        attributesToRetrieve: ['id'],
        matchingStrategy: 'all',
      });
      return { ids: res.hits.map((h) => h.id), total: res.totalHits };
    },

    async suggest(prefix, limit = DEFAULT_SUGGESTION_LIMIT) {
      const facetQuery = prefix.trim();
      if (!facetQuery || limit <= 0) return [];
      const results = await Promise.all(
        (['title', 'company', 'skills'] as const).map((facetName) =>
          index.searchForFacetValues({ facetName, facetQuery }),
        ),
      );
      return rankSuggestions(
        facetQuery,
        results.flatMap((r) => r.facetHits),
        limit,
      );
    },

    async clear() {
      await confirm(index.deleteAllDocuments());
    },

    async ping() {
      await client.health();
    },
  };
}
