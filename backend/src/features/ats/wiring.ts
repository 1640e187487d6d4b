/** The bot's wiring for the two ways it runs: inside the server (RUN_BOT=true) and `npm run bot`. */
import type pg from 'pg';
import type { EventStore } from '@jobs/contracts';
import type { ProjectionsPort } from '../../http/app';
import type { Logger } from '../../logger';
import { startAtsBot, type AtsBot } from './bot';
import { pacedFetch } from './pacing';
import { httpPoster, inProcessPoster, type Poster } from './poster';
import { ATS_REQUEST_GAP_MS } from './routes';

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

/** A separate process: through POST /api/ingest/jobs of the server at `apiUrl`. */
export function startHttpAtsBot(deps: {
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  apiUrl: string;
  serverSecret: string;
  concurrency?: number;
}): AtsBot {
  return startBot({ ...deps, poster: httpPoster({ apiUrl: deps.apiUrl, serverSecret: deps.serverSecret }) });
}
