/** The bot's wiring for the two ways it runs: inside the server (RUN_BOT=true) and `npm run bot`. */
import type pg from 'pg';
import type { EventStore } from '@jobs/contracts';
import type { ProjectionsPort } from '../../http/app';
import type { Logger } from '../../logger';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { startAtsBot, type AtsBot } from './bot';
import { pacedFetch } from './pacing';
import { httpPoster, inProcessPoster, reregisteringPoster, type Poster } from './poster';
import { ATS_REQUEST_GAP_MS } from './routes';
import { syncAtsIngestionTokens } from './service';

export interface BotWiring {
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  poster: Poster;
  concurrency?: number;
  tickMs?: number;
}

export function startBot(w: BotWiring): AtsBot {
  const logger = w.logger.child({ component: 'ats-bot' });
  return startAtsBot({
    sync: {
      store: w.store,
      pool: w.pool,
      poster: w.poster,
      fetch: pacedFetch(fetch, ATS_REQUEST_GAP_MS),
      logger,
    },
    logger,
    concurrency: w.concurrency,
    tickMs: w.tickMs,
  });
}

/** Inside the server: the same ingestion service the API route calls, no HTTP round trip. */
export function startInProcessAtsBot(deps: {
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  projections?: ProjectionsPort;
}): AtsBot {
  return startBot({ ...deps, poster: inProcessPoster(deps) });
}

/**
 * A separate process: through POST /api/ingest/jobs of the server at `apiUrl`, with tokens derived from
 * `serverSecret`. A 401 re-registers that source's token hash from this secret and retries once (see
 * `reregisterAtsTokens` for the same at start).
 */
export function startHttpAtsBot(deps: {
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  apiUrl: string;
  serverSecret: string;
  projections?: ProjectionsPort;
  concurrency?: number;
}): AtsBot {
  const poster = reregisteringPoster(
    httpPoster({ apiUrl: deps.apiUrl, serverSecret: deps.serverSecret }),
    async (sourceId) => (await reregisterAtsTokens(deps, [sourceId])) > 0,
  );
  return startBot({ ...deps, poster });
}

/**
 * Re-registers the ATS sources' token hashes derived from `serverSecret` where they differ (all, or
 * `ingestionSourceIds`), and waits until the sources read model has them so the next post is accepted.
 * Returns how many changed. The bot runs it at start: after a SESSION_SECRET rotation it is all it takes.
 */
export async function reregisterAtsTokens(
  deps: {
    store: EventStore;
    pool: pg.Pool;
    logger: Logger;
    serverSecret: string;
    projections?: ProjectionsPort;
  },
  ingestionSourceIds?: readonly string[],
): Promise<number> {
  const result = await syncAtsIngestionTokens(deps, { actor: 'system:ats-bot' }, { ingestionSourceIds });
  if (result.rotated.length) {
    deps.logger.warn(
      { component: 'ats-bot', sources: result.rotated },
      'ATS source tokens re-registered: their hashes did not match the tokens derived from this SESSION_SECRET',
    );
    await deps.projections?.waitForPosition(result.position, 15_000, [INGESTION_SOURCES_PROJECTION]);
  }
  return result.rotated.length;
}
