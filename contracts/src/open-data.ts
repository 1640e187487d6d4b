/**
 * Open data: the feeds (/feed.xml, /feed.atom) and the embeddable list (/embed) of any search. Shared
 * by the server (which validates these parameters) and the site (which links to the feed of the search
 * on screen), so both spell a search's feed URL the same way.
 */

/** The search filters a feed accepts, in the order its URL lists them. */
export const FEED_FILTERS = [
  'title',
  'location',
  'experienceLevel',
  'type',
  'salary',
  'industry',
  'isRemote',
] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];

/**
 * A feed's order. Feeds are read newest first; 'oldest' and 'relevance' (best text match first, only
 * meaningful with a title) are there for completeness. 'newest' is the default and is left out of links.
 */
export const FEED_SORTS = ['newest', 'oldest', 'relevance'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/** Jobs in a feed: the newest 50 that match. */
export const FEED_SIZE = 50;
/** Jobs in an embedded list unless `limit` says otherwise (1 to FEED_SIZE). */
export const EMBED_DEFAULT_LIMIT = 10;

export const FEED_PATHS = { rss: '/feed.xml', atom: '/feed.atom', embed: '/embed' } as const;
export type FeedFormat = keyof typeof FEED_PATHS;

/** The feed's sort for the feed list's own sortBy/sortOrder (GET /api/jobs); orders a feed has no twin for read as newest. */
export function feedSortOf(sortBy?: string, sortOrder?: string): FeedSort {
  if (sortBy === 'relevance') return 'relevance';
  if (sortBy === 'datePosted' && sortOrder === 'asc') return 'oldest';
  return 'newest';
}

/**
 * The path of a search's feed (or embedded list), from the search in GET /api/jobs's form: the filters
 * that have a value, then the sort when it is not 'newest'. Spaces are %20, as in the site's links.
 */
export function feedPath(
  format: FeedFormat,
  search: Partial<Record<FeedFilter | 'sortBy' | 'sortOrder' | 'sort' | 'limit', string | undefined>>,
): string {
  const parts: string[] = [];
  for (const name of FEED_FILTERS) {
    const value = search[name]?.trim();
    if (value) parts.push(`${name}=${encodeURIComponent(value)}`);
  }
  const sort =
    search.sort && (FEED_SORTS as readonly string[]).includes(search.sort)
      ? (search.sort as FeedSort)
      : feedSortOf(search.sortBy, search.sortOrder);
  if (sort !== 'newest') parts.push(`sort=${sort}`);
  if (format === 'embed' && search.limit) parts.push(`limit=${encodeURIComponent(search.limit)}`);
  return `${FEED_PATHS[format]}${parts.length ? `?${parts.join('&')}` : ''}`;
}
