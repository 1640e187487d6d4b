/**
 * POST /api/searches: the site reports a search its visitor settled on (the results stayed on screen, see
 * frontend/site/src/features/jobs-feed/hooks/use-search-report.ts), with the feed query it showed. The server
 * counts it for the admin's analytics (search-log.ts) with the number of results it finds itself, so a report
 * cannot claim a term found nothing. Same-origin only (the CSRF check), limited per address; answers 204.
 */
import crypto from 'node:crypto';
import type { AppDeps, Feature } from '../../http/app';
import type { RateLimitRule } from '../../http/rate-limit';
import { HttpError } from '../../http/errors';
import { validated } from '../../http/validate';
import { FeedParams, toSearchQuery } from '../jobs/feed-params';
import { recordSearchInBackground } from './search-log';
import { searchVisitor } from './search-visitor';

/** The feed's own query (GET /api/jobs's parameters as JSON strings), with the search text required. */
export const SearchReport = FeedParams.superRefine((params, ctx) => {
  if (!params.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Required' });
}).meta({ id: 'SearchReport' });

/** A person settles on a few searches a minute; more from one address is a script. */
export const SEARCH_REPORT_LIMIT: RateLimitRule = { name: 'search-report:ip', limit: 30, windowSeconds: 60 };

export function searchReportFeature(options: { now?: () => Date } = {}): Feature {
  const now = options.now ?? (() => new Date());
  return {
    name: 'search-report',
    routes(router, deps: AppDeps) {
      // Tests and development run without SESSION_SECRET; the hash then only needs to be stable in-process.
      const secret = deps.serverSecret ?? crypto.randomBytes(32).toString('hex');
      router.post(
        '/api/searches',
        validated({ body: SearchReport }, async (ctx, { body }) => {
          if (!deps.search) throw new HttpError('SERVICE_UNAVAILABLE', 'Search is not available');
          const at = now();
          const visitor = searchVisitor(secret, ctx.ip, at);
          await deps.rateLimiter.hit(SEARCH_REPORT_LIMIT, visitor);
          const found = await deps.search.search({ ...toSearchQuery(body, at), page: 1, pageSize: 1 });
          recordSearchInBackground(
            deps.pool,
            { text: body.title, resultCount: found.total, visitor },
            (err) => deps.logger.warn({ err }, 'search log: a write failed'),
          );
          ctx.set('Cache-Control', 'no-store');
          ctx.status = 204;
        }),
      );
    },
  };
}
