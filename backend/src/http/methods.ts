import type Koa from 'koa';
import type Router from '@koa/router';
import { HttpError } from './errors';

/**
 * @koa/router's allowedMethods, answered in the one error shape: a known path asked with a method it
 * does not have is a 405 METHOD_NOT_ALLOWED with its Allow header (the router alone answers a bare
 * text 405, or a 501 for a method it never routes, e.g. PROPFIND).
 */
export function allowedMethods(router: Router): Koa.Middleware {
  // The router's middleware is typed for its own context; Koa's app context is the same object.
  const allowed = router.allowedMethods({ throw: false }) as unknown as Koa.Middleware;
  return async function allowedMethodsMiddleware(ctx, next) {
    await allowed(ctx, next);
    if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
      const allow = ctx.response.get('Allow');
      throw new HttpError(
        'METHOD_NOT_ALLOWED',
        `${ctx.method} is not allowed here${allow ? ` (allowed: ${allow})` : ''}`,
        {
          headers: allow ? { Allow: allow } : {},
        },
      );
    }
  };
}
