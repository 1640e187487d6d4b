/**
 * POST /api/ingest/jobs: the ingestion API for bots. A bearer token names the source; the body is
 * `{ items: [...] }` (at most MAX_INGEST_BATCH items, up to ~50 MB); every item gets its own outcome.
 */
import { IngestBatch, MAX_INGEST_BATCH } from '@jobs/contracts/jobs';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/index';
import { SEARCH_INDEX_PROJECTION } from '@jobs/search/projection';
import type { AppDeps, Feature } from '../../http/app';
import { readJsonBody } from '../../http/body';
import { badRequest, HttpError } from '../../http/errors';
import type { RateLimitRule } from '../../http/rate-limit';
import { findSourceByToken } from '../sources/service';
import { bearerToken } from '../sources/token';
import { DUPLICATES_PROJECTION } from '../jobs/dedupe/projection';
import { ingestItems, type IngestBatchResult } from './service';

export const INGEST_BODY_LIMIT_BYTES = 50 * 1024 * 1024;
/** Generous: 600 batches of up to 1,000 jobs a minute is far above any ATS board, and still stops a runaway bot. */
export const INGEST_RATE_LIMIT: RateLimitRule = { name: 'ingest:source', limit: 600, windowSeconds: 60 };
/** How long the answer waits for the read models to show the batch (read-your-writes for bots). */
export const INGEST_VISIBILITY_WAIT_MS = 5_000;
/**
 * The read models behind every public job call (the feed, search, job and company pages). The answer waits for
 * these, not for the rest (alert matching, analytics, source counters): a bot's next batch then overlaps with
 * that bookkeeping instead of queueing behind it, and what the bot can check (its jobs on the board) is true.
 */
export const INGEST_VISIBLE_IN = [JOBS_PROJECTION, SEARCH_INDEX_PROJECTION] as const;

/** The company an ATS source's board belongs to (null for a bot): one primary-key lookup per batch. */
async function atsCompanyOf(deps: AppDeps, sourceId: string): Promise<string | null> {
  const { rows } = await deps.pool.query<{ company: string }>(
    'select company from ats_sources where id = $1',
    [sourceId],
  );
  return rows[0]?.company ?? null;
}

const INGEST_CREATED_VISIBLE_IN = [...INGEST_VISIBLE_IN, DUPLICATES_PROJECTION];

/**
 * Issue 24 §1: a created job the duplicate check merged under a job already on the board is answered
 * `merged`, with the kept job's id and slug. One query for the whole batch, only when it created jobs. If the
 * check has not run yet (the wait timed out), the item stays `created`; the merge still happens.
 */
async function markMerged(deps: AppDeps, result: IngestBatchResult): Promise<void> {
  const created = result.results.filter((r) => r.status === 'created' && r.jobId);
  if (created.length === 0) return;
  const { rows } = await deps.pool
    .query<{ job_id: string; public_id: string; slug: string }>(
      `select f.job_id, c.public_id, c.slug from job_fingerprints f join jobs c on c.job_id = f.merged_into
       where f.job_id = any($1::uuid[]) and f.merged_into is not null`,
      [created.map((r) => r.jobId)],
    )
    .catch((err: unknown) => {
      deps.logger.warn({ err }, 'ingestion: reading the merges failed; answering created');
      return { rows: [] };
    });
  if (rows.length === 0) return;
  const kept = new Map(rows.map((r) => [r.job_id, { id: Number(r.public_id), slug: r.slug }]));
  result.results = result.results.map((r) => {
    const into = r.status === 'created' && r.jobId ? kept.get(r.jobId) : undefined;
    if (!into || r.status !== 'created') return r;
    result.counts.created -= 1;
    result.counts.merged += 1;
    return { ...r, status: 'merged' as const, mergedInto: into };
  });
}

const unauthorized = (message: string) =>
  new HttpError('UNAUTHORIZED', message, { headers: { 'WWW-Authenticate': 'Bearer realm="ingest"' } });

export function ingestionFeature(): Feature {
  return {
    name: 'ingestion',
    // Bots authenticate with a bearer token, never a cookie: there is no cross-site request to forge.
    originExempt: (path) => path.startsWith('/api/ingest/'),
    routes(router, deps: AppDeps) {
      router.post('/api/ingest/jobs', async function ingestJobs(ctx) {
        // Authenticate and rate-limit before reading a body of up to 50 MB.
        const token = bearerToken(ctx.get('authorization') || undefined);
        if (!token) throw unauthorized('Missing bearer token (Authorization: Bearer <token>)');
        const source = await findSourceByToken(deps.pool, token);
        if (!source) throw unauthorized('Unknown ingestion token');
        await deps.rateLimiter.hit(INGEST_RATE_LIMIT, source.id);

        const body = await readJsonBody(ctx, INGEST_BODY_LIMIT_BYTES);
        const batch = IngestBatch.safeParse(body);
        if (!batch.success) {
          throw badRequest('Invalid body: expected { items: [...] }', [
            { path: 'items', message: batch.error.issues[0]?.message ?? 'Required' },
          ]);
        }
        const items = batch.data.items;
        if (items.length > MAX_INGEST_BATCH) {
          throw new HttpError(
            'PAYLOAD_TOO_LARGE',
            `At most ${MAX_INGEST_BATCH} items per batch (got ${items.length})`,
          );
        }

        const result = await ingestItems({ store: deps.store, logger: deps.logger }, source.id, items, {
          correlationId: ctx.state.requestId as string | undefined,
          ownCompany: await atsCompanyOf(deps, source.id),
        });
        if (result.position && deps.projections) {
          // The batch is committed: the wait is best effort, like its time limit. An error here (the
          // database went away meanwhile) must not tell the bot its batch failed. The duplicate check is
          // waited for only when the batch created jobs, so the answer can say which were merged.
          const visibleIn = result.counts.created > 0 ? INGEST_CREATED_VISIBLE_IN : INGEST_VISIBLE_IN;
          await deps.projections
            .waitForPosition(result.position, INGEST_VISIBILITY_WAIT_MS, visibleIn)
            .catch((err: unknown) =>
              deps.logger.warn({ err }, 'ingestion: waiting for the read models failed; answering anyway'),
            );
        }
        await markMerged(deps, result);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = result;
      });
    },
  };
}
