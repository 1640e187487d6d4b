/**
 * POST /api/jobs/{identifier}/reports: anyone (signed in or not) reports a live job. 400 names the field,
 * 404 an unknown job, 410 a removed one, 429 past the per-address limits. The admin side is admin-routes.ts.
 */
import crypto from 'node:crypto';
import type Router from '@koa/router';
import { ReportJobRequest, reportsStreamId, WrongExpectedVersionError } from '@jobs/contracts';
import { JOB_REPORTS_PROJECTION } from '@jobs/projections/reports/index';
import type { AppDeps, Feature } from '../../http/app';
import { gone, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { handleCommand } from '../../commands/handle';
import { caughtUp } from '../admin/context';
import { currentUser } from '../auth/guards';
import { Identifier } from '../jobs/routes';
import { findJob } from '../jobs/queries';
import { addressHashOf } from './address';
import { reportsDecider } from './decide';
import { REPORT_LIMITS } from './limits';

/** A report does not depend on the others: when two land at once, the later one is simply appended again. */
async function withRetryOnConflict<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError) || i >= attempts) throw err;
    }
  }
}

export const REPORT_THANKS = "Thanks. We'll review this job.";

export function reportRoutes(router: Router, deps: AppDeps): void {
  // Tests and development run without SESSION_SECRET; the hash then only needs to be stable in-process.
  const secret = deps.serverSecret ?? crypto.randomBytes(32).toString('hex');

  router.post(
    '/api/jobs/:identifier/reports',
    validated({ params: Identifier, body: ReportJobRequest }, async (ctx, { params, body }) => {
      const job = await findJob(deps.pool, params.identifier);
      if (!job) throw notFound('Job not found');
      if (job.status === 'removed')
        throw gone('This job has been removed or has expired.', {
          reason: job.removalReason,
          removedAt: job.removedAt,
        });
      const addressHash = addressHashOf(secret, ctx.ip);
      await deps.rateLimiter.hit(REPORT_LIMITS.perAddress, addressHash);
      await deps.rateLimiter.hit(REPORT_LIMITS.perAddressAndJob, `${addressHash}:${job.jobId}`);

      const user = currentUser(ctx);
      const reportId = crypto.randomUUID();
      const requestId = ctx.state.requestId as string | undefined;
      const result = await withRetryOnConflict(() =>
        handleCommand(
          deps.store,
          reportsStreamId(job.jobId),
          reportsDecider,
          {
            type: 'ReportJob',
            reportId,
            jobId: job.jobId,
            reason: body.reason,
            note: body.note,
            reporterId: user?.id ?? null,
            addressHash,
          },
          {
            metadata: {
              actor: user ? `user:${user.id}` : 'anonymous',
              causationId: requestId,
              correlationId: requestId,
            },
          },
        ),
      );
      await caughtUp(deps, result.position, [JOB_REPORTS_PROJECTION]);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { id: reportId, message: REPORT_THANKS };
    }),
  );
}

export function reportsFeature(): Feature {
  return { name: 'reports', routes: reportRoutes };
}
