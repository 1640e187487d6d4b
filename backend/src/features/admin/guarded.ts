import type Router from '@koa/router';
import type Koa from 'koa';
import { requireAdmin } from '../auth/guards';

/** Registers routes with requireAdmin in front of each, so no admin route can be added without it. */
export interface AdminRouter {
  get(path: string, handler: Koa.Middleware): void;
  post(path: string, handler: Koa.Middleware): void;
  put(path: string, handler: Koa.Middleware): void;
}

export function guardedRouter(router: Router): AdminRouter {
  return {
    get: (path, handler) => void router.get(path, requireAdmin, handler),
    post: (path, handler) => void router.post(path, requireAdmin, handler),
    put: (path, handler) => void router.put(path, requireAdmin, handler),
  };
}
