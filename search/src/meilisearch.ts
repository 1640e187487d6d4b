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
  /** Longest wait for one HTTP request, in ms (default 5 s): an unreachable server fails a call, never hangs it. */
  requestTimeoutMs?: number;
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
    'workFromWorldwide',
    'workFromCountries',
    'utcMin',
    'utcMax',
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
    if (loc.country) {
      // No whole-word operator: names of 4+ letters as substrings ('united states', 'usa' is too short to be safe).
      const names = useContains ? loc.country.names.filter((n) => n.length >= 4) : [];
      const parts = [
        `countryKey = ${quote(loc.country.code.toLowerCase())}`,
        ...names.map((n) => `locationKey CONTAINS ${quote(n)}`),
      ];
      clauses.push(`(${parts.join(' OR ')})`);
    } else if (place) {
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
  if (q.workFrom)
    clauses.push(`(workFromWorldwide = true OR workFromCountries = ${quote(q.workFrom.toUpperCase())})`);
  if (q.timezone) {
    const lo = Number(q.timezone.offset - q.timezone.hours);
    const hi = Number(q.timezone.offset + q.timezone.hours);
    clauses.push(`((utcMin <= ${hi} AND utcMax >= ${lo}) OR (workFromWorldwide = true AND utcMin IS NULL))`);
  }
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

/** Edit distance, for judging whether a word of a value is a typo of what was typed. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = [i];
    for (let j = 1; j <= b.length; j += 1) {
      cur[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (cur[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/**
 * 0: the value starts with the prefix; 1: one of its words does; 2: one of its words starts with a typo of it
 * (Meilisearch's own budget: 1 typo from 5 characters, 2 from 9); null: unrelated.
 */
export function suggestionTier(prefix: string, value: string): 0 | 1 | 2 | null {
  const p = normalizeKey(prefix);
  const key = normalizeKey(value);
  if (!p || !key) return null;
  if (key.startsWith(p)) return 0;
  if (key.includes(` ${p}`)) return 1;
  const budget = p.length >= 9 ? 2 : p.length >= 5 ? 1 : 0;
  if (budget === 0) return null;
  const words = key.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  for (const word of words) {
    for (let len = p.length - budget; len <= p.length + budget; len += 1) {
      if (len > 0 && len <= word.length && editDistance(word.slice(0, len), p) <= budget) return 2;
    }
  }
  return null;
}

/**
 * Suggestions are read from the jobs index itself rather than a second index of terms: nothing extra to keep in
 * step, and a removed job's terms disappear with it. Candidates come from facet search on title, company and skills
 * (values starting with the prefix, with live counts) and from a prefix- and typo-tolerant search on those three
 * attributes (values with a matching word further in). Ranked: values starting with the prefix, then values with a
 * word starting with it, then typo matches; by count within each; distinct case-insensitively.
 */
export function rankSuggestions(
  prefix: string,
  candidates: { value: string; count: number }[],
  limit: number,
): string[] {
  const best = new Map<string, { value: string; count: number; tier: number }>();
  for (const candidate of candidates) {
    const key = normalizeKey(candidate.value);
    const tier = suggestionTier(prefix, candidate.value);
    if (tier === null) continue;
    const prev = best.get(key);
    if (prev) prev.count = Math.max(prev.count, candidate.count);
    else best.set(key, { value: candidate.value.trim(), count: candidate.count, tier });
  }
  return [...best.entries()]
    .sort(([ka, a], [kb, b]) => a.tier - b.tier || b.count - a.count || ka.localeCompare(kb))
    .slice(0, limit)
    .map(([, v]) => v.value);
}

export function createMeilisearchIndex(options: MeilisearchIndexOptions): SearchIndex {
  const client = new Meilisearch({
    host: options.url,
    apiKey: options.apiKey,
    timeout: options.requestTimeoutMs ?? 5000,
  });
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
        () => {
          containsEnabled = null; // unreachable now: ask again next time rather than keep "off" for good
          return false;
        },
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
      const text = prefix.trim();
      if (!text || limit <= 0) return [];
      const [facets, hits] = await Promise.all([
        Promise.all(
          (['title', 'company', 'skills'] as const).map((facetName) =>
            index.searchForFacetValues({ facetName, facetQuery: text }),
          ),
        ),
        index.search(text, {
          attributesToSearchOn: ['title', 'company', 'skills'],
          attributesToRetrieve: ['title', 'company', 'skills'],
          limit: 100,
        }),
      ]);
      const fromHits = new Map<string, { value: string; count: number }>();
      for (const hit of hits.hits) {
        for (const value of [hit.title, hit.company, ...hit.skills]) {
          const key = normalizeKey(value);
          const seen = fromHits.get(key);
          if (seen) seen.count += 1;
          else fromHits.set(key, { value, count: 1 });
        }
      }
      return rankSuggestions(text, [...facets.flatMap((r) => r.facetHits), ...fromHits.values()], limit);
    },

    async clear() {
      await confirm(index.deleteAllDocuments());
    },

    async ping() {
      await client.health();
    },
  };
}
