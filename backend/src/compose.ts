import { flushSearchLog } from './features/admin/search-log';
import type { EventStore, SearchIndex } from '@jobs/contracts';
import { createProjectionRunner, type ProjectionRunner } from '@jobs/projections';
import { createSearchIndex, readyOnDemand, withResultCache } from '@jobs/search';
import type { Config } from './config';
import type { Logger } from './logger';
import { openDatabase, type Database } from './db/database';
import { openEventStore } from './eventstore';
import type { AppDeps } from './http/app';
import { migrateRateLimits, RateLimiter } from './http/rate-limit';
import { failedDependency } from './http/errors';
import { allFeatures } from './features';
import { jobAndCompanyRenderers } from './features/site-seo/renderers';
import { homePageRenderer } from './features/site-seo/home';
import { allProjections } from './read-models';
import { buildAccountServices } from './features/auth/wiring';
import { buildAlertServices, type AlertServices } from './features/alerts/wiring';
import type { Mailer } from './mail/mailer';
import { startInProcessAtsBot } from './features/ats/wiring';

/** Everything a process needs, wired once: the composition root for the server, CLIs and tests. */
export interface Services {
  config: Config;
  logger: Logger;
  db: Database;
  store: EventStore;
  search: SearchIndex;
  runner: ProjectionRunner;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  /** Job alerts: the digest schedule's dependencies (CLI, tests). */
  alerts: AlertServices;
  appDeps: AppDeps;
  /** Work to do once the HTTP server listens (e.g. seeding demo data through the ingestion API). */
  afterListen?: () => Promise<void>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** 'server' runs the projection runner (unless RUN_PROJECTIONS=false); 'cli' and 'test' decide themselves. */
  role: 'server' | 'cli' | 'test';
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  startProjections?: boolean;
}

export async function buildServices(
  config: Config,
  logger: Logger,
  options: BuildOptions,
): Promise<Services> {
  const db =
    options.database ??
    (await openDatabase(config, { onLog: (m) => logger.debug({ pg: m.trim() }, 'embedded postgres') }));
  const store = await openEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool });
  // Hot feed queries and suggestion prefixes are reused for a few seconds; writes here drop them at once.
  // Made ready on first use too: a search server down at start leaves the app up (search calls answer
  // 503 until it is back) instead of failing the start.
  const search = withResultCache(
    readyOnDemand(
      createSearchIndex({ meiliUrl: config.meiliUrl, meiliMasterKey: config.meiliMasterKey, pool: db.pool }),
      {
        tolerate(err) {
          if (failedDependency(err) !== 'search') return false;
          logger.warn(
            { err: (err as Error).message },
            'search index unreachable; it is made ready on first use',
          );
          return true;
        },
      },
    ),
    { ttlMs: 30_000 }, // the feed's HTTP answers are cacheable for 30 s too
  );
  await search.ensureReady();
  await migrateRateLimits(db.pool);
  const rateLimiter = new RateLimiter(db.pool);
  // Accounts: server secret, mailer, sessions, and the reactor that mails verification codes.
  const accounts = await buildAccountServices({ config, logger, pool: db.pool, store });
  const alerts = buildAlertServices({
    config,
    logger,
    pool: db.pool,
    store,
    mailer: accounts.mailer,
    serverSecret: accounts.appDeps.serverSecret!,
  });

  const runner = createProjectionRunner({
    store,
    pool: db.pool,
    projections: [...allProjections({ search, store }), ...accounts.reactors, ...alerts.reactors],
    logger: logger.child({ component: 'projections' }),
  });
  await runner.migrate();
  const runProjections = options.startProjections ?? (options.role !== 'cli' && config.runProjections);
  if (runProjections) await runner.start();
  const alertScheduler = options.role === 'server' && runProjections ? alerts.startScheduler(runner) : null;
  // RUN_BOT=true: the ATS sync bot runs in the server, through the same ingestion service as the API.
  const atsBot =
    options.role === 'server' && config.runBot
      ? startInProcessAtsBot({ store, pool: db.pool, logger, projections: runner })
      : null;

  const appDeps: AppDeps = {
    config,
    logger,
    pool: db.pool,
    store,
    search,
    projections: runner,
    rateLimiter,
    features: allFeatures({ publicApiLimit: config.publicApiLimit }),
    renderers: [
      homePageRenderer({ pool: db.pool, publicUrl: config.publicUrl, search }),
      ...jobAndCompanyRenderers({ pool: db.pool, publicUrl: config.publicUrl }),
    ],
    ...accounts.appDeps,
  };

  return {
    config,
    logger,
    db,
    store,
    search,
    runner,
    rateLimiter,
    mailer: accounts.mailer,
    alerts,
    appDeps,
    async close() {
      alertScheduler?.stop();
      await atsBot?.stop();
      await runner.stop().catch((err: unknown) => logger.warn({ err }, 'projection runner stop failed'));
      await store.close().catch(() => undefined);
      await accounts.mailer.close().catch(() => undefined);
      // The last seconds of search counts (admin analytics) are kept in memory: write them before closing.
      await flushSearchLog(db.pool).catch(() => undefined);
      if (!options.database) await db.close();
    },
  };
}
