import type Koa from 'koa';
import { forbidden, unauthorized } from '../../http/errors';
import type { AuthUser } from './session';

/** The signed-in user of this request (loaded by the session middleware), or null. */
export function currentUser(ctx: Koa.Context): AuthUser | null {
  return (ctx.state.user as AuthUser | undefined) ?? null;
}

/** The signed-in user, or 401 UNAUTHORIZED. */
export function userOf(ctx: Koa.Context): AuthUser {
  const user = currentUser(ctx);
  if (!user) throw unauthorized('Not signed in');
  return user;
}

/** 401 when signed out. */
export const requireUser: Koa.Middleware = async function requireUser(ctx, next) {
  userOf(ctx);
  await next();
};

/** 401 when signed out, 403 when the e-mail address is not verified. */
export const requireVerified: Koa.Middleware = async function requireVerified(ctx, next) {
  if (!userOf(ctx).isVerified)
    throw forbidden('You need to verify your email address before accessing this feature.');
  await next();
};

/** 401 when signed out, 403 for anyone but an admin. */
export const requireAdmin: Koa.Middleware = async function requireAdmin(ctx, next) {
  if (userOf(ctx).role !== 'admin') {
    throw forbidden('You do not have permission to access this page. Admin privileges are required.');
  }
  await next();
};
