/**
 * Admin jobs: the list (filters, sort, paging), one job, its event history, and the named commands
 * remove, repost and bulk remove. Commands carry the revision the admin saw; a stale one answers 409.
 */
import type { AdminRouter } from './guarded';
import { z } from 'zod';
import { WrongExpectedVersionError } from '@jobs/contracts';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/index';
import { handleCommand } from '../../commands/handle';
import type { AppDeps } from '../../http/app';
import { HttpError, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { JobRuleError, jobDecider, type JobCommand } from '../jobs/decide';
import { jobStreamId } from '../jobs/job';
import { adminMetadata, caughtUp } from './context';
import { jobHistory } from './history';
import { withSourceNames } from './history-source-names';
import { linkedJobIds } from '../jobs/dedupe/queries';
import { getJob, isJobId, JOB_SORTS, listJobs, type JobSort } from './jobs-queries';
import { parseListParams, sendList } from './rest';

const JobIdParam = z.object({ id: z.string().refine(isJobId, 'Must be a job id (UUID)') });
const Reason = z.string({ error: 'Required' }).trim().min(1, 'A reason is required').max(500);
const Revision = z.number({ error: 'Required' }).int().min(0);
const RemoveBody = z.object({ reason: Reason, expectedRevision: Revision });
const RepostBody = z.object({ expectedRevision: Revision });
const BulkRemoveBody = z.object({
  ids: z.array(z.string().refine(isJobId, 'Must be a job id (UUID)')).min(1).max(500),
  reason: Reason,
});

async function runJobCommand(
  deps: AppDeps,
  jobId: string,
  command: JobCommand,
  ctx: Parameters<typeof adminMetadata>[0],
  expectedRevision?: number,
) {
  try {
    return await handleCommand(deps.store, jobStreamId(jobId), jobDecider, command, {
      metadata: adminMetadata(ctx),
      expectedRevision,
    });
  } catch (err) {
    if (err instanceof JobRuleError) throw new HttpError(err.code, err.message);
    // An expected revision for a stream that does not exist: the job is unknown, not changed by someone.
    if (err instanceof WrongExpectedVersionError && err.actual === 'no_stream')
      throw notFound('Job not found');
    throw err;
  }
}

export function adminJobRoutes(router: AdminRouter, deps: AppDeps): void {
  router.get('/api/admin/jobs', async function listAdminJobs(ctx) {
    const params = parseListParams<JobSort>(ctx.query, JOB_SORTS, { field: 'postedAt', order: 'desc' });
    const { rows, total } = await listJobs(deps.pool, params);
    sendList(ctx, 'jobs', params.offset, rows, total);
  });

  router.get(
    '/api/admin/jobs/:id',
    validated({ params: JobIdParam }, async (ctx, { params }) => {
      const job = await getJob(deps.pool, params.id);
      if (!job) throw notFound('Job not found');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = job;
    }),
  );

  router.get(
    '/api/admin/jobs/:id/history',
    validated({ params: JobIdParam }, async (ctx, { params }) => {
      const history = await jobHistory(deps.store, params.id, await linkedJobIds(deps.pool, params.id));
      if (!history) throw notFound('Job not found');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await withSourceNames(deps.pool, history);
    }),
  );

  router.post(
    '/api/admin/jobs/bulk-remove',
    validated({ body: BulkRemoveBody }, async (ctx, { body }) => {
      const results: { id: string; ok: boolean; error?: string }[] = [];
      let last = null;
      for (const id of new Set(body.ids)) {
        try {
          const result = await runJobCommand(
            deps,
            id,
            { type: 'CloseJob', jobId: id, reason: body.reason },
            ctx,
          );
          last = result.position ?? last;
          results.push({ id, ok: true });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          results.push({ id, ok: false, error: err.message });
        }
      }
      await caughtUp(deps, last, [JOBS_PROJECTION]);
      ctx.body = { removed: results.filter((r) => r.ok).length, results };
    }),
  );

  router.post(
    '/api/admin/jobs/:id/remove',
    validated({ params: JobIdParam, body: RemoveBody }, async (ctx, { params, body }) => {
      const result = await runJobCommand(
        deps,
        params.id,
        { type: 'CloseJob', jobId: params.id, reason: body.reason },
        ctx,
        body.expectedRevision,
      );
      await caughtUp(deps, result.position, [JOBS_PROJECTION]);
      ctx.body = await getJob(deps.pool, params.id);
    }),
  );

  router.post(
    '/api/admin/jobs/:id/repost',
    validated({ params: JobIdParam, body: RepostBody }, async (ctx, { params, body }) => {
      const result = await runJobCommand(
        deps,
        params.id,
        { type: 'RepostJob', jobId: params.id },
        ctx,
        body.expectedRevision,
      );
      await caughtUp(deps, result.position, [JOBS_PROJECTION]);
      ctx.body = await getJob(deps.pool, params.id);
    }),
  );
}
