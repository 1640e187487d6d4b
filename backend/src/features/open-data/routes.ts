/**
 * Open data (issue 10): RSS and Atom feeds of any search, the embeddable list, the OpenAPI document, and
 * the CORS and rate-limit middleware of every public read. Register this feature first: its middleware
 * runs before the routes registered after it (features/index.ts).
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import type { SearchIndex } from '@jobs/contracts';
import { EMBED_DEFAULT_LIMIT, FEED_SIZE, feedPath, type FeedFormat } from '@jobs/contracts/open-data';
import type { AppDeps, Feature } from '../../http/app';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { filterWords } from '../site-seo/home';
import { SITE_NAME } from '../site-seo/head';
import { EMBED_CSP, renderEmbed, renderEmbedError } from './embed';
import { loadFeedItems, type FeedItems } from './feed-items';
import { EmbedQuery, FeedQuery, rawFilters } from './feed-query';
import { openApiDocument } from './openapi';
import { publicApi, type PublicLimits } from './public-api';
import { renderAtom, renderRss } from './render-feed';

/** Feed readers poll; five minutes keeps them fresh without re-rendering for each. */
const FEED_CACHE = 'public, max-age=300';

export interface OpenDataOptions {
  now?: () => Date;
  limits?: PublicLimits;
}

function definedOnly(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

function searchOf(deps: AppDeps): SearchIndex {
  if (!deps.search) throw new HttpError('SERVICE_UNAVAILABLE', 'Search is not available');
  return deps.search;
}

/** Validators and caching; true when the client's copy is current (the answer is then a 304). */
function notModified(ctx: Koa.Context, loaded: FeedItems): boolean {
  ctx.status = 200;
  ctx.set('Cache-Control', FEED_CACHE);
  ctx.set('ETag', loaded.etag);
  if (loaded.lastModified) ctx.lastModified = loaded.lastModified;
  if (!ctx.fresh) return false;
  ctx.status = 304;
  return true;
}

export function openDataFeature(options: OpenDataOptions = {}): Feature {
  const now = options.now ?? (() => new Date());
  return {
    name: 'open-data',
    routes(router: Router, deps: AppDeps) {
      const publicUrl = deps.config.publicUrl.replace(/\/+$/, '');
      publicApi({
        publicUrl,
        limits: options.limits,
        pool: deps.pool,
        onError: (err) => deps.logger.warn({ err }, 'public rate limit: sharing the counts failed'),
      })(router);

      /** The search in words, with enumerated values as the board spells them ('senior' reads 'Senior'). */
      function wordsOf(query: FeedQuery, filters: Record<string, string>): string {
        const { experienceLevel, type, salary, industry } = query;
        return filterWords({ ...filters, ...definedOnly({ experienceLevel, type, salary, industry }) });
      }

      function titleOf(words: string): string {
        return words ? `${words} Jobs | ${SITE_NAME}` : `Remote & Hybrid Jobs | ${SITE_NAME}`;
      }

      async function serveFeed(ctx: Koa.Context, format: Exclude<FeedFormat, 'embed'>) {
        const { query } = parseInput(ctx, { query: FeedQuery });
        const filters = rawFilters(ctx.query);
        const loaded = await loadFeedItems({ pool: deps.pool, search: searchOf(deps) }, query, {
          limit: FEED_SIZE,
          variant: `${format}|${ctx.querystring}`,
          now: now(),
        });
        if (notModified(ctx, loaded)) return;
        const siteQuery = feedPath('rss', filters).split('?')[1];
        const words = wordsOf(query, filters);
        const channel = {
          title: titleOf(words),
          description: `The newest ${FEED_SIZE} ${words || 'remote and hybrid'} jobs on ${SITE_NAME}.`,
          siteUrl: `${publicUrl}/${siteQuery ? `?${siteQuery}` : ''}`,
          selfUrl: `${publicUrl}${feedPath(format, filters)}`,
          publicUrl,
          updated: loaded.lastModified ?? now(),
        };
        ctx.type =
          format === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml; charset=utf-8';
        ctx.body = format === 'rss' ? renderRss(channel, loaded.items) : renderAtom(channel, loaded.items);
      }

      router.get('/feed.xml', (ctx) => serveFeed(ctx, 'rss'));
      router.get('/feed.atom', (ctx) => serveFeed(ctx, 'atom'));

      router.get('/embed', async (ctx) => {
        // Frameable by any site: this route only (securityHeaders keeps frame-ancestors 'none' elsewhere).
        ctx.set('Content-Security-Policy', EMBED_CSP);
        ctx.type = 'text/html; charset=utf-8';
        let query: EmbedQuery;
        try {
          query = parseInput(ctx, { query: EmbedQuery }).query;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          ctx.status = 400;
          ctx.set('Cache-Control', 'no-store');
          ctx.body = renderEmbedError(err.message);
          return;
        }
        const filters = rawFilters(ctx.query);
        const loaded = await loadFeedItems({ pool: deps.pool, search: searchOf(deps) }, query, {
          limit: query.limit ?? EMBED_DEFAULT_LIMIT,
          variant: `embed|${ctx.querystring}`,
          now: now(),
        });
        if (notModified(ctx, loaded)) return;
        const siteQuery = feedPath('rss', filters).split('?')[1];
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = renderEmbed({
          publicUrl,
          title: titleOf(wordsOf(query, filters)),
          siteUrl: `${publicUrl}/${siteQuery ? `?${siteQuery}` : ''}`,
          items: loaded.items,
        });
      });

      let document: ReturnType<typeof openApiDocument> | null = null;
      router.get('/api/openapi.json', (ctx) => {
        document ??= openApiDocument(publicUrl);
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = document;
      });
    },
  };
}
