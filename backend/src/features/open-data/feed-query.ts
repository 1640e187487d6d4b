/**
 * The query of a feed or an embedded list: exactly the search filters of GET /api/jobs (the same zod
 * definitions, picked from FeedParams) plus `sort`; any other parameter is a 400 naming it, so a typo
 * in a reader's subscription does not silently widen the feed. Empty values count as absent.
 */
import { z } from 'zod';
import { EMBED_DEFAULT_LIMIT, FEED_SIZE, FEED_SORTS, type FeedSort } from '@jobs/contracts/open-data';
import type { JobSearchQuery } from '@jobs/contracts';
import { FeedParams, toSearchQuery, tzHoursNeedsTz, withoutEmptyValues } from '../jobs/feed-params';

const SEARCH_FILTERS = FeedParams.out.pick({
  title: true,
  location: true,
  experienceLevel: true,
  type: true,
  salary: true,
  industry: true,
  isRemote: true,
  workFrom: true,
  tz: true,
  tzHours: true,
});

const sort = z
  .enum(FEED_SORTS, { error: `Must be one of: ${FEED_SORTS.join(', ')}` })
  .optional()
  .meta({
    description:
      "Order of the items: 'newest' (the default) first, 'oldest' first, or best 'relevance' to the title.",
  });

/** The query object of /feed.xml and /feed.atom (documented in the OpenAPI document as is). */
export const FeedQueryObject = SEARCH_FILTERS.extend({ sort }).strict();

/** /embed: the feed's query plus how many jobs to list. */
export const EmbedQueryObject = SEARCH_FILTERS.extend({
  sort,
  limit: z
    .string()
    .regex(/^[0-9]{1,2}$/, `Must be a whole number from 1 to ${FEED_SIZE}`)
    .transform(Number)
    .pipe(z.number().int().min(1).max(FEED_SIZE, `Must be a whole number from 1 to ${FEED_SIZE}`))
    .optional()
    .meta({ description: `How many jobs to list (1 to ${FEED_SIZE}, default ${EMBED_DEFAULT_LIMIT}).` }),
}).strict();

const withoutEmpty = (query: unknown) =>
  query && typeof query === 'object' ? withoutEmptyValues(query as Record<string, unknown>) : query;

export const FeedQuery = z.preprocess(withoutEmpty, FeedQueryObject).superRefine(tzHoursNeedsTz);
export type FeedQuery = z.output<typeof FeedQueryObject>;
export const EmbedQuery = z.preprocess(withoutEmpty, EmbedQueryObject).superRefine(tzHoursNeedsTz);
export type EmbedQuery = z.output<typeof EmbedQueryObject>;

const SORT_OF: Record<FeedSort, Pick<JobSearchQuery, 'sortBy' | 'sortOrder'>> = {
  newest: { sortBy: 'datePosted', sortOrder: 'desc' },
  oldest: { sortBy: 'datePosted', sortOrder: 'asc' },
  relevance: { sortBy: 'relevance', sortOrder: 'desc' },
};

/** The search index query of a feed (without paging). */
export function feedSearchQuery(query: FeedQuery, now: Date): Omit<JobSearchQuery, 'page' | 'pageSize'> {
  return { ...toSearchQuery(query, now), ...SORT_OF[query.sort ?? 'newest'] };
}

/** The query as plain strings, for the feed's title and its self and site links. */
export function rawFilters(raw: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(withoutEmptyValues(raw)))
    if (typeof value === 'string') out[key] = value.trim();
  return out;
}
