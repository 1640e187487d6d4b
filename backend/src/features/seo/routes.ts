/** GET /api/seo/should-noindex and GET /api/seo/canonical (spec section 7); the rules are in ./rules. */
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps, Feature } from '../../http/app';
import { badRequest } from '../../http/errors';
import { validated } from '../../http/validate';
import { canonicalUrl, shouldNoIndex } from './rules';

const bool = z.enum(['true', 'false'], { error: "Must be 'true' or 'false'" }).transform((v) => v === 'true');

export const NoIndexQuery = z.object({
  url: z.string({ error: 'Required' }).trim().min(1, 'Required').max(4000),
  hasResults: bool,
  resultCount: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'Must be a whole number from 0')
    .transform(Number)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const CanonicalQuery = z.object({
  pathname: z
    .string({ error: 'Required' })
    .trim()
    .max(2000)
    .regex(/^\/(?!\/)/, "Must be a path starting with '/'"),
  search: z.string().max(4000).optional(),
});

export function seoFeature(): Feature {
  return {
    name: 'seo',
    routes(router: Router, deps: AppDeps) {
      router.get(
        '/api/seo/should-noindex',
        validated({ query: NoIndexQuery }, async (ctx, { query }) => {
          let url: URL;
          try {
            url = new URL(query.url, deps.config.publicUrl);
          } catch {
            throw badRequest("Invalid query parameter 'url': Must be a URL or a path", [
              { path: 'url', message: 'Must be a URL or a path' },
            ]);
          }
          ctx.set('Cache-Control', 'public, max-age=300');
          ctx.body = {
            shouldNoIndex: shouldNoIndex({
              url,
              hasResults: query.hasResults,
              resultCount: query.resultCount ?? null,
            }),
          };
        }),
      );

      router.get(
        '/api/seo/canonical',
        validated({ query: CanonicalQuery }, async (ctx, { query }) => {
          ctx.set('Cache-Control', 'public, max-age=300');
          ctx.body = { canonical: canonicalUrl(deps.config.publicUrl, query.pathname, query.search ?? '') };
        }),
      );
    },
  };
}
