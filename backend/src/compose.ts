import { flushSearchLog } from './features/admin/search-log';
import type { EventStore, SearchIndex } from '@jobs/contracts';
import path from 'node:path';
import { createProjectionRunner, type ProjectionRunner } from '@jobs/projections';
import {
  createSearchIndex,
  EmbeddedIndexFollower,
  fileSnapshots,
  readyOnDemand,
  routedSearchIndex,
  withResultCache,
} from '@jobs/search';
import { SEARCH_INDEX_PROJECTION } from '@jobs/search/projection';
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
import { staticPagesRenderer } from './features/site-seo/static-pages';
import { allProjections } from './read-models';
import { buildAccountServices } from './features/auth/wiring';
import { buildAlertServices, type AlertServices } from './features/alerts/wiring';
import type { Mailer } from './mail/mailer';
import { startInProcessAtsBot } from './features/ats/wiring';
import { startExpirySweep } from './features/jobs/expiry';
import { startSimilarWarmer } from './features/jobs/similar/warmer';

/** Everything a process needs, wired once: the composition root for the server, CLIs and tests. */
export interface Services {
  config: Config;
  logger: Logger;
  db: Database;
  store: EventStore;
  search: SearchIndex;
  runner: ProjectionRunner;
  /** This process's embedded search index (null with SEARCH_INDEX=postgres, Meilisearch, or in a CLI). */
  embeddedSearch: EmbeddedIndexFollower | null;
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
  const slower = readyOnDemand(
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
  );
  // The embedded index (docs/search.md): processes that answer searches keep one in memory, following the job
  // events; until it has caught up, searches go to the PostgreSQL index the search-index projection keeps.
  const embeddedSearch =
    options.role !== 'cli' && config.searchIndex === 'embedded'
      ? new EmbeddedIndexFollower({
          store,
          // Tests build each harness on a fresh database: a snapshot could only mislead them.
          snapshots: options.role === 'server' ? fileSnapshots(path.join(config.dataDir, 'search')) : null,
          logger: logger.child({ component: 'search' }),
          snapshotEveryMs: config.searchSnapshotMinutes * 60_000,
        })
      : null;
  const reads = embeddedSearch ? routedSearchIndex(embeddedSearch, slower) : slower;
  // Answers reused briefly (the feed's HTTP answers are cacheable for 30 s too); a change drops them at once.
  const cached =
    config.searchCacheSeconds > 0
      ? withResultCache(reads, { ttlMs: config.searchCacheSeconds * 1000 })
      : null;
  const search = cached ?? reads;
  if (cached) embeddedSearch?.onChange(() => cached.invalidate());

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
  embeddedSearch?.start();
  const projections = embeddedSearch ? withEmbeddedIndex(runner, embeddedSearch, store) : runner;
  const alertScheduler = options.role === 'server' && runProjections ? alerts.startScheduler(runner) : null;
  // Jobs of ingestion bots that no source confirms any more expire (410 'Expired'): docs/ingestion.md.
  const expirySweep =
    options.role === 'server' && runProjections ? startExpirySweep({ store, pool: db.pool, logger }) : null;
  // The job pages' similar-jobs lists, computed ahead of their first view at low priority (jobs/similar/warmer.ts).
  const similarWarmer =
    options.role === 'server' && runProjections && config.similarWarmer
      ? startSimilarWarmer({ pool: db.pool, logger: logger.child({ component: 'similar-warmer' }) })
      : null;
  // RUN_BOT=true: the ATS sync bot runs in the server, through the same ingestion service as the API.
  const atsBot =
    options.role === 'server' && config.runBot
      ? startInProcessAtsBot({ store, pool: db.pool, logger, projections })
      : null;

  const appDeps: AppDeps = {
    config,
    logger,
    pool: db.pool,
    store,
    search,
    embeddedSearch,
    projections,
    rateLimiter,

    features: allFeatures({ publicApiLimit: config.publicApiLimit }),
    renderers: [
      homePageRenderer({ pool: db.pool, publicUrl: config.publicUrl, search }),
      // A merged duplicate's page answers 301 to the job shown instead: the job page asks (site-seo/job.ts).
      ...jobAndCompanyRenderers({ pool: db.pool, publicUrl: config.publicUrl }),
      staticPagesRenderer({ publicUrl: config.publicUrl }),
    ],
    ...accounts.appDeps,
  };

  return {
    config,
    logger,
    db,
    store,
    search,
    runner: projections,
    embeddedSearch,
    rateLimiter,
    mailer: accounts.mailer,
    alerts,
    appDeps,
    // The order of every stop (docs/operations.md): in-flight work, the search snapshot, the projections,
    // then the pools and the embedded PostgreSQL.
    async close() {
      alertScheduler?.stop();
      expirySweep?.stop();
      await similarWarmer?.stop();
      await atsBot?.stop().catch((err: unknown) => logger.warn({ err }, 'ATS bot stop failed'));
      // A clean stop leaves a snapshot, so the next start answers from the embedded index within seconds.
      await embeddedSearch?.stop().catch((err: unknown) => logger.warn({ err }, 'search index stop failed'));
      await runner.stop().catch((err: unknown) => logger.warn({ err }, 'projection runner stop failed'));

      await store.close().catch(() => undefined);
      await accounts.mailer.close().catch(() => undefined);
      // The last seconds of search counts (admin analytics) are kept in memory: write them before closing.
      await flushSearchLog(db.pool).catch(() => undefined);
      if (!options.database) await db.close();
    },
  };
}

/**
 * The projection runner as this process sees it: waiting for the search index also waits for this process's
 * embedded index (read-your-writes: a job a bot just posted is in the feed this process answers), and the
 * status lists the embedded index beside the read models.
 */
function withEmbeddedIndex(
  runner: ProjectionRunner,
  embedded: EmbeddedIndexFollower,
  store: EventStore,
): ProjectionRunner {
  return {
    start: () => runner.start(),
    stop: () => runner.stop(),
    migrate: () => runner.migrate(),
    rebuild: (name, onProgress) => runner.rebuild(name, onProgress),
    bulkLoad: (phase) => runner.bulkLoad(phase),
    async status() {
      const own = embedded.status();
      const lagEvents = await store.countAfter(own.position, 1_000_000).catch(() => 0);
      // Behind by as long as the oldest event it has not applied has waited, like the runner's projections.
      const oldest = lagEvents
        ? await store.readAll({ after: own.position, maxCount: 1 }).catch(() => [])
        : [];
      const lagSeconds = oldest[0] ? Math.max(0, (Date.now() - Date.parse(oldest[0].recordedAt)) / 1000) : 0;
      return [
        ...(await runner.status()),
        {
          name: own.name,
          position: own.position,
          eventsHandled: own.documents,
          lagEvents,
          lagSeconds,
          state: own.state === 'ready' ? 'live' : own.state === 'stopped' ? 'stopped' : 'catching-up',
          lastError: own.lastError,
        },
      ];
    },
    async waitForPosition(position, timeoutMs, names) {
      const started = Date.now();
      const ok = await runner.waitForPosition(position, timeoutMs, names);
      if (!embedded.ready || (names && !names.includes(SEARCH_INDEX_PROJECTION))) return ok;
      return (await embedded.waitFor(position, Math.max(0, timeoutMs - (Date.now() - started)))) && ok;
    },
  };
}
