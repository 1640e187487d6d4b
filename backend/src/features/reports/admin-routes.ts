/**
 * The admin's reports queue (ra-data-simple-rest resource `reports`, one row per reported job) and its
 * named commands: dismiss the job's open reports, correct the job's workplace, or remove the job (410
 * with the reason, the same CloseJob as the jobs screen). Each carries the reports stream's revision the
 * admin saw; a report that arrived since answers 409, so nothing is handled unseen.
 */
import { z } from 'zod';
import {
  reportsStreamId,
  Workplace,
  WrongExpectedVersionError,
  type ReportResolution,
} from '@jobs/contracts';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/index';
import { JOB_REPORTS_PROJECTION } from '@jobs/projections/reports/index';
import { handleCommand } from '../../commands/handle';
import type { AppDeps } from '../../http/app';
import { HttpError, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { adminMetadata, caughtUp } from '../admin/context';
import type { AdminRouter } from '../admin/guarded';
import { isJobId } from '../admin/jobs-queries';
import { parseListParams, sendList } from '../admin/rest';
import { JobAlreadyRemoved, JobRuleError, jobDecider, type JobCommand } from '../jobs/decide';
import { jobStreamId } from '../jobs/job';
import { NoOpenReports, reportsDecider, type ReportCommand } from './decide';
import { getReportedJob, listReportQueue, REPORT_SORTS, type ReportSort } from './queries';

const JobIdParam = z.object({ id: z.string().refine(isJobId, 'Must be a job id (UUID)') });
const Revision = z.number({ error: 'Required' }).int().min(0);
const DismissBody = z.object({ expectedRevision: Revision });
const CorrectBody = z.object({ workplace: Workplace, expectedRevision: Revision });
const RemoveBody = z.object({
  reason: z.string({ error: 'Required' }).trim().min(1, 'A reason is required').max(500),
  expectedRevision: Revision,
});

type Ctx = Parameters<typeof adminMetadata>[0];

async function runReports(
  deps: AppDeps,
  ctx: Ctx,
  jobId: string,
  command: ReportCommand,
  expectedRevision?: number,
) {
  try {
    return await handleCommand(deps.store, reportsStreamId(jobId), reportsDecider, command, {
      metadata: adminMetadata(ctx),
      expectedRevision,
    });
  } catch (err) {
    if (err instanceof NoOpenReports) throw new HttpError('CONFLICT', err.message);
    if (err instanceof WrongExpectedVersionError) {
      if (err.actual === 'no_stream') throw notFound('No reports for this job');
      throw new HttpError('CONFLICT', 'New reports arrived for this job. Reload and try again.');
    }
    throw err;
  }
}

async function runJob(deps: AppDeps, ctx: Ctx, jobId: string, command: JobCommand) {
  try {
    return await handleCommand(deps.store, jobStreamId(jobId), jobDecider, command, {
      metadata: adminMetadata(ctx),
    });
  } catch (err) {
    // Removed meanwhile (by its ATS or another admin): removing it again changes nothing.
    if (err instanceof JobAlreadyRemoved && command.type === 'CloseJob') return null;
    if (err instanceof JobRuleError) throw new HttpError(err.code, err.message);
    throw err;
  }
}

export function adminReportRoutes(router: AdminRouter, deps: AppDeps): void {
  /** Checks the revision (and that reports are open) before the job is touched, then closes the reports. */
  async function handle(
    ctx: Ctx,
    jobId: string,
    expectedRevision: number,
    act: () => Promise<{ resolution: ReportResolution; detail: string } | null>,
  ) {
    const queued = await getReportedJob(deps.pool, jobId);
    if (!queued) throw notFound('No reports for this job');
    if (queued.openCount === 0) throw new HttpError('CONFLICT', 'This job has no open reports');
    if (queued.revision !== expectedRevision)
      throw new HttpError('CONFLICT', 'New reports arrived for this job. Reload and try again.');
    const outcome = await act();
    const command: ReportCommand = outcome
      ? { type: 'ResolveReports', jobId, ...outcome }
      : { type: 'DismissReports', jobId };
    const result = await runReports(deps, ctx, jobId, command, expectedRevision);
    await caughtUp(deps, result.position, [JOB_REPORTS_PROJECTION, JOBS_PROJECTION]);
    ctx.body = await getReportedJob(deps.pool, jobId);
  }

  router.get('/api/admin/reports', async function listReports(ctx) {
    const params = parseListParams<ReportSort>(ctx.query, REPORT_SORTS, {
      field: 'lastReportedAt',
      order: 'desc',
    });
    const { rows, total } = await listReportQueue(deps.pool, params);
    sendList(ctx, 'reports', params.offset, rows, total);
  });

  router.get(
    '/api/admin/reports/:id',
    validated({ params: JobIdParam }, async (ctx, { params }) => {
      const item = await getReportedJob(deps.pool, params.id);
      if (!item) throw notFound('No reports for this job');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = item;
    }),
  );

  router.post(
    '/api/admin/reports/:id/dismiss',
    validated({ params: JobIdParam, body: DismissBody }, async (ctx, { params, body }) => {
      await handle(ctx, params.id, body.expectedRevision, async () => null);
    }),
  );

  router.post(
    '/api/admin/reports/:id/correct',
    validated({ params: JobIdParam, body: CorrectBody }, async (ctx, { params, body }) => {
      await handle(ctx, params.id, body.expectedRevision, async () => {
        const result = await runJob(deps, ctx, params.id, {
          type: 'CorrectJob',
          jobId: params.id,
          corrections: { workplace: body.workplace },
        });
        await caughtUp(deps, result?.position ?? null, [JOBS_PROJECTION]);
        return { resolution: 'corrected', detail: `Workplace: ${body.workplace}` };
      });
    }),
  );

  router.post(
    '/api/admin/reports/:id/remove',
    validated({ params: JobIdParam, body: RemoveBody }, async (ctx, { params, body }) => {
      await handle(ctx, params.id, body.expectedRevision, async () => {
        const result = await runJob(deps, ctx, params.id, {
          type: 'CloseJob',
          jobId: params.id,
          reason: body.reason,
        });
        await caughtUp(deps, result?.position ?? null, [JOBS_PROJECTION]);
        return { resolution: 'removed', detail: body.reason };
      });
    }),
  );
}
