/**
 * Server-rendered SEO for the home page '/' (spec section 2 Home, section 9 SEO): title, description,
 * keywords, Open Graph and Twitter tags, canonical (the /api/seo/canonical rule), robots (the
 * /api/seo/should-noindex rule) and a WebSite JSON-LD with a SearchAction. The feed's first page and
 * the total count go to the client as `state.home`, so the feed shows without a round trip
 * (read by frontend/site/src/features/jobs-feed/initial-state.ts).
 */
import type Koa from 'koa';
import type pg from 'pg';
import type { SearchIndex } from '@jobs/contracts';
import type { PageRenderer, RenderedPage } from '../../http/site';
import type { Logger } from '../../logger';
import { FeedParams, toSearchQuery } from '../jobs/feed-params';
import {
  countLiveJobs,
  loadLiveJobs,
  pageOf,
  PAGE_SIZE,
  toCardJob,
  type ApiJob,
  type CardJob,
  type Page,
} from '../jobs/queries';
import { canonicalUrl, shouldNoIndex } from '../seo/rules';
import { headTags, keywordList, SITE_NAME } from './head';
import { escapeHtml } from '../../http/site';
import { failedDependency } from '../../http/errors';
import { feedPath } from '@jobs/contracts/open-data';
import { apiQuery, stateFromSearch } from '@jobs/site/ts/features/jobs-feed/filters';
import { filterWords as headingWords } from '@jobs/site/ts/lib/text/heading';

export interface HomeSeoDeps {
  pool: pg.Pool;
  publicUrl: string;
  search: SearchIndex;
  now?: () => Date;
}

/** What the client reads from window.__INITIAL_STATE__.home. */
export interface HomeState {
  /** The GET /api/jobs query (without page) this page answers, in the client's own form. */
  query: Record<string, string>;
  firstPage: Page<CardJob>;
  total: number;
  renderedAt: number;
}

/**
 * The client's feed query for the URL, built by the client's own code
 * (frontend/site/src/features/jobs-feed/filters.ts: search or title, jobType wins over type, empty and
 * 'all' values left out, 'I can work from' and the time zone, the sort always present), so the client
 * recognises the state as its own and the server renders the very feed the client shows.
 */
export function homeQuery(ctx: Koa.Context): Record<string, string> {
  return apiQuery(stateFromSearch(ctx.querystring));
}

/** The filters as the feed heading reads them: the client's own words (frontend/site/src/lib/text/heading.ts). */
export function filterWords(query: Record<string, string>): string {
  const { isRemote, ...rest } = query;
  return headingWords({
    ...rest,
    isRemote: isRemote === 'true' ? true : isRemote === 'false' ? false : undefined,
  });
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** The feed's first page for the query, or null when the query is not one the API accepts. */
async function firstPage(deps: HomeSeoDeps, query: Record<string, string>): Promise<Page<ApiJob> | null> {
  const parsed = FeedParams.safeParse(query);
  if (!parsed.success) return null;
  const result = await deps.search.search({
    ...toSearchQuery(parsed.data, (deps.now ?? (() => new Date()))()),
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const jobs = await loadLiveJobs(deps.pool, result.ids);
  return pageOf(jobs, 1, result.total);
}

/** The feed card shows the excerpt: the rows the client's feed asks for (GET /api/jobs?fields=card). */
function slim(page: Page<ApiJob>): Page<CardJob> {
  return { ...page, data: page.data.map(toCardJob) };
}

export function homePageRenderer(deps: HomeSeoDeps): PageRenderer {
  return async function renderHome(ctx): Promise<RenderedPage | null> {
    if (ctx.path !== '/') return null;
    const query = homeQuery(ctx);
    let page: Page<ApiJob> | null = null;
    let total = 0;
    try {
      [page, total] = await Promise.all([firstPage(deps, query), countLiveJobs(deps.pool)]);
    } catch (err) {
      // The database or search is down: the 503 page (http/site.ts siteUnavailable), not a 200 that
      // tells crawlers the board has 0 jobs.
      if (failedDependency(err)) throw err;
      // Anything else: the page still works without the initial state; the client fetches the feed itself.
      (ctx.state.log as Logger | undefined)?.warn({ err }, 'home page: feed not rendered');
    }
    const words = filterWords(query);
    const listed = page?.totalJobs ?? 0;

    const heading = words ? `${count(listed)} ${words} Jobs` : `${count(total)} Remote & Hybrid Jobs`;
    const title = words ? `${heading} | ${SITE_NAME}` : `${SITE_NAME} – Find Your Dream Remote Job`;
    const description = words
      ? `Browse ${heading.replace(/ Jobs$/, ' jobs')} at top remote companies. New remote and hybrid openings every day, with e-mail job alerts.`
      : `Search ${count(total)} work from home jobs at top remote companies: remote and hybrid jobs in software, data, design, marketing and more.`;
    const canonical = canonicalUrl(deps.publicUrl, '/', ctx.querystring);
    const url = new URL(ctx.originalUrl || '/', deps.publicUrl);
    const noIndex = shouldNoIndex({ url, hasResults: listed > 0, resultCount: page ? listed : null });
    const keywords = keywordList([
      query.title,
      query.location,
      query.experienceLevel,
      query.type,
      query.industry,
      'remote jobs',
      'work from home jobs',
      'hybrid jobs',
    ]);

    const head = headTags({
      title,
      description,
      keywords,
      canonical,
      type: 'website',
      robots: noIndex ? 'noindex, nofollow' : 'index, follow',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          url: `${deps.publicUrl}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${deps.publicUrl}/?search={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    });
    // The feeds of this search (open-data feature); the site keeps them in step as the filters change.
    const feedTitle = `${words ? `${words} Jobs` : 'Remote & Hybrid Jobs'} | ${SITE_NAME}`;
    const feeds = (['rss', 'atom'] as const)
      .map(
        (format) =>
          `<link rel="alternate" type="application/${format}+xml" title="${escapeHtml(feedTitle)}" href="${escapeHtml(deps.publicUrl + feedPath(format, query))}">`,
      )
      .join('\n');
    const state: { home?: HomeState } = {};
    if (page) state.home = { query, firstPage: slim(page), total, renderedAt: Date.now() };
    return { title, head: `${head}\n${feeds}`, state };
  };
}
