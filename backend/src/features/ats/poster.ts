/**
 * How the bot hands items to ingestion: one interface, two ways. `httpPoster` goes through
 * POST /api/ingest/jobs with the source's bearer token (a separate `npm run bot` process);
 * `inProcessPoster` calls the same ingestion service the route calls (the bot inside the server,
 * "run now" from the admin). Either way the per-item outcomes are the ingestion API's.
 */
import { MAX_INGEST_BATCH, type EventStore, type IngestItem, type IngestOutcome } from '@jobs/contracts';
import type { ProjectionsPort } from '../../http/app';
import type { Logger } from '../../logger';
import { ingestItems } from '../ingestion/service';
import { INGEST_VISIBILITY_WAIT_MS } from '../ingestion/routes';
import type { FetchLike } from './connectors/types';
import { atsIngestionToken } from './token';

export interface Poster {
  post(ingestionSourceId: string, items: IngestItem[]): Promise<IngestOutcome[]>;
}

export class IngestPostError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'IngestPostError';
  }
}

async function inBatches(items: IngestItem[], post: (batch: IngestItem[]) => Promise<IngestOutcome[]>) {
  const outcomes: IngestOutcome[] = [];
  for (let i = 0; i < items.length; i += MAX_INGEST_BATCH) {
    outcomes.push(...(await post(items.slice(i, i + MAX_INGEST_BATCH))));
  }
  return outcomes;
}

export function httpPoster({
  apiUrl,
  serverSecret,
  fetch: fetchImpl = fetch,
}: {
  apiUrl: string;
  serverSecret: string;
  fetch?: FetchLike;
}): Poster {
  const endpoint = `${apiUrl.replace(/\/+$/, '')}/api/ingest/jobs`;
  return {
    post: (sourceId, items) =>
      inBatches(items, async (batch) => {
        let res: Response;
        try {
          res = await fetchImpl(endpoint, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${atsIngestionToken(serverSecret, sourceId)}`,
            },
            body: JSON.stringify({ items: batch }),
            signal: AbortSignal.timeout(120_000),
          });
        } catch (err) {
          throw new IngestPostError(`Ingestion API unreachable: ${(err as Error).message}`, null);
        }
        if (!res.ok) {
          const text = await res.text().catch(() => '');
          throw new IngestPostError(
            `Ingestion API answered ${res.status}: ${text.slice(0, 200)}`,
            res.status,
          );
        }
        return ((await res.json()) as { results: IngestOutcome[] }).results;
      }),
  };
}

/**
 * On a 401 for a source, asks `reregister` to make the stored token hash match the token this process
 * derives (it answers whether it changed anything), then posts once more. So a bot whose secret differs
 * from the one a source was registered with (SESSION_SECRET rotated, a source added by a server with
 * another secret) heals itself instead of failing every sync until someone acts.
 */
export function reregisteringPoster(
  inner: Poster,
  reregister: (ingestionSourceId: string) => Promise<boolean>,
): Poster {
  return {
    async post(sourceId, items) {
      try {
        return await inner.post(sourceId, items);
      } catch (err) {
        if (!(err instanceof IngestPostError && err.status === 401)) throw err;
        if (!(await reregister(sourceId))) throw err;
        return inner.post(sourceId, items);
      }
    },
  };
}

export function inProcessPoster({
  store,
  logger,
  projections,
}: {
  store: EventStore;
  logger?: Logger;
  projections?: ProjectionsPort;
}): Poster {
  return {
    post: (sourceId, items) =>
      inBatches(items, async (batch) => {
        const result = await ingestItems({ store, logger }, sourceId, batch);
        // Like the route: answer once the read models show the batch.
        if (result.position && projections)
          await projections.waitForPosition(result.position, INGEST_VISIBILITY_WAIT_MS);
        return result.results.map(({ jobId: _jobId, ...outcome }) => outcome);
      }),
  };
}
