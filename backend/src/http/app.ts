import Koa from 'koa';
import Router from '@koa/router';
import compress from 'koa-compress';
import type pg from 'pg';
import type { EventStore, Position, SearchIndex } from '@jobs/contracts';
import type { RateLimiter } from './rate-limit';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { jsonBody } from './body';
import { accessLog, errorHandler, requestId, sameOrigin, securityHeaders } from './middleware';
import { serveSite, type PageRenderer } from './site';

export interface ProjectionStatus {
  name: string;
  position: Position | null;
  lagEvents: number;
  lagSeconds: number;
  state: string;
  lastError?: string | null;
}

/** What the HTTP layer needs from the projection runner. */
export interface ProjectionsPort {
  status(): Promise<ProjectionStatus[]>;
  waitForPosition(position: Position | null, timeoutMs: number, names?: readonly string[]): Promise<boolean>;
}

export interface AppDeps {
  config: Config;
  logger: Logger;
  pool: pg.Pool;
  store: EventStore;
  search?: SearchIndex;
  rateLimiter: RateLimiter;
  projections?: ProjectionsPort;
  /** Feature modules add their routes here. */
  features?: Feature[];
  /** Cookie sessions (features/auth/session.ts); built with the app, as koa-session extends its context. Runs before the router. */
  session?: (app: Koa) => Koa.Middleware;
  /** Outgoing mail: SMTP, or the development outbox. */
  mailer?: Mailer;
  /** The server secret (SESSION_SECRET or the development one): keys for cookies and verification codes derive from it. */
  serverSecret?: string;
  renderers?: PageRenderer[];
  siteDistDir?: string;
}

export interface Feature {
  name: string;
  routes(router: Router, deps: AppDeps): void;
  /** Paths exempt from the same-origin check (bearer-token or RFC 8058 endpoints). */
  originExempt?: (path: string) => boolean;
}

async function check(
  name: string,
  fn: () => Promise<unknown>,
): Promise<[string, { ok: boolean; ms: number; error?: string }]> {
  const t = performance.now();
  try {
    await Promise.race([fn(), new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 3000))]);
    return [name, { ok: true, ms: Math.round(performance.now() - t) }];
  } catch (err) {
    return [name, { ok: false, ms: Math.round(performance.now() - t), error: (err as Error).message }];
  }
}

/** Builds the Koa app without listening, so tests drive it with supertest(app.callback()). */
export function createApp(deps: AppDeps): Koa {
  // maxIpsCount 1: the client address is the X-Forwarded-For entry the (one) proxy appended, not the
  // leftmost, which any client can write and so choose its own rate-limit key.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: 1 });
  app.silent = true; // errorHandler logs everything once
  const features = deps.features ?? [];

  app.use(requestId(deps.logger));
  app.use(securityHeaders({ publicUrl: deps.config.publicUrl })); // outside errorHandler: errors get them too
  app.use(errorHandler());
  app.use(accessLog());
  app.use(compress({ threshold: 1024 }));
  app.use(
    sameOrigin({
      publicUrl: deps.config.publicUrl,
      exempt: (p) => features.some((f) => f.originExempt?.(p) ?? false),
    }),
  );
  app.use(jsonBody());
  if (deps.session) app.use(deps.session(app));

  const router = new Router();
  router.get('/healthz', async (ctx) => {
    const checks = Object.fromEntries(
      await Promise.all([
        check('database', () => deps.pool.query('select 1')),
        check('eventStore', () => deps.store.ping()),
        ...(deps.search ? [check('search', () => deps.search!.ping())] : []),
      ]),
    );
    const ok = Object.values(checks).every((c) => c.ok);
    ctx.status = ok ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: ok ? 'ok' : 'unavailable', checks };
  });
  for (const feature of features) feature.routes(router, deps);

  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  if (deps.siteDistDir) app.use(serveSite({ distDir: deps.siteDistDir, renderers: deps.renderers }));
  return app;
}
