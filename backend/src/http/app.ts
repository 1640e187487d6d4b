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
import { allowedMethods } from './methods';
import {
  acceptableEncoding,
  compressInMemory,
  accessLog,
  errorHandler,
  requestId,
  sameOrigin,
  securityHeaders,
} from './middleware';
import { serveSite, siteUnavailable, type PageRenderer } from './site';
import { dependencyFailures } from './errors';
import { healthRoutes } from './health';
import { forwardedHeaders } from './client-address';

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
  /** This process's embedded search index, for /healthz (state, documents, how it started). */
  embeddedSearch?: { status(): { state: string; documents: number; readyAfterMs: number | null } } | null;
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

/** Builds the Koa app without listening, so tests drive it with supertest(app.callback()). */
export function createApp(deps: AppDeps): Koa {
  // Koa's own proxy mode trusts X-Forwarded-* from any peer; forwardedHeaders trusts only TRUST_PROXY's.
  const app = new Koa({ proxy: false });
  app.silent = true; // errorHandler logs everything once
  const features = deps.features ?? [];

  app.use(
    forwardedHeaders(deps.config.trustProxy, {
      // Behind a proxy TRUST_PROXY does not name, every client shares the proxy's address: say so once.
      onIgnored: (peer) =>
        deps.logger.warn(
          { peer },
          'X-Forwarded-For from a peer TRUST_PROXY does not name was ignored; behind a reverse proxy, set TRUST_PROXY to its address (docs/operations.md)',
        ),
    }),
  );
  app.use(requestId(deps.logger));
  app.use(securityHeaders({ publicUrl: deps.config.publicUrl })); // outside errorHandler: errors get them too
  app.use(errorHandler());
  // A site page whose server rendering needs a part that is down: the HTML shell with 503, not JSON.
  if (deps.siteDistDir) app.use(siteUnavailable({ distDir: deps.siteDistDir }));
  app.use(dependencyFailures());
  app.use(accessLog());
  app.use(acceptableEncoding());
  app.use(compress({ threshold: 1024 }));
  app.use(compressInMemory({ threshold: 1024 }));
  app.use(
    sameOrigin({
      publicUrl: deps.config.publicUrl,
      allowedOrigins: deps.config.allowedOrigins,
      exempt: (p) => features.some((f) => f.originExempt?.(p) ?? false),
    }),
  );
  app.use(jsonBody());
  if (deps.session) app.use(deps.session(app));

  const router = new Router();
  healthRoutes(router, deps);
  for (const feature of features) feature.routes(router, deps);

  app.use(router.routes());
  app.use(allowedMethods(router));
  if (deps.siteDistDir)
    app.use(
      serveSite({
        distDir: deps.siteDistDir,
        renderers: deps.renderers,
        publicUrl: deps.config.publicUrl,
      }),
    );
  return app;
}
