/**
 * The admin API under /api/admin/*, in ra-data-simple-rest's conventions (rest.ts). Every route sits
 * behind requireAdmin (401 signed out, 403 not an admin), applied here once for the whole prefix.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import type { AppDeps, Feature } from '../../http/app';
import { badRequest } from '../../http/errors';
import { validated } from '../../http/validate';
import { analytics, PERIODS, type Period } from './analytics';
import { dashboard } from './dashboard';
import { DATASETS, exportFileName, exportStream, FORMATS, type DatasetName, type Format } from './export';
import { guardedRouter } from './guarded';
import { adminCompanyRoutes } from './companies-routes';
import { adminJobRoutes } from './jobs-routes';
import { parseFilter } from './rest';
import { adminUserRoutes } from './users-routes';
import { adminReportRoutes } from '../reports/admin-routes';

export const ADMIN_PREFIX = '/api/admin';

const PeriodQuery = z.object({
  period: z
    .enum(Object.keys(PERIODS) as [Period, ...Period[]])
    .optional()
    .default('30d'),
});
const EXPORT_FILE = new RegExp(`^(${DATASETS.join('|')})\\.(${FORMATS.join('|')})$`);
const CONTENT_TYPE: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

function noStore(ctx: Koa.Context, body: unknown): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** Registers every admin route on `router`, each behind requireAdmin; the guard test walks them all. */
export function adminRoutes(router: Router, deps: AppDeps): void {
  const admin = guardedRouter(router);

  admin.get(`${ADMIN_PREFIX}/dashboard`, async function getDashboard(ctx) {
    noStore(ctx, await dashboard(deps.pool, deps.projections));
  });

  admin.get(
    `${ADMIN_PREFIX}/analytics`,
    validated({ query: PeriodQuery }, async (ctx, { query }) => {
      noStore(ctx, await analytics(deps.pool, query.period));
    }),
  );

  admin.get(`${ADMIN_PREFIX}/export/:file`, async function exportFile(ctx) {
    const match = EXPORT_FILE.exec(String(ctx.params.file));
    if (!match) {
      const message = `one of ${DATASETS.join(', ')} as .csv or .json`;
      throw badRequest(`Unknown export: ${message}`, [{ path: 'file', message }]);
    }
    const [, name, format] = match as unknown as [string, DatasetName, Format];
    const stream = exportStream(deps.pool, name, format, parseFilter(ctx.query));
    stream.on('error', (err) => deps.logger.error({ err, export: name }, 'export failed mid-stream'));
    ctx.set('Content-Type', CONTENT_TYPE[format]);
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(name, format)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = stream;
  });

  adminJobRoutes(admin, deps);
  adminUserRoutes(admin, deps);
  adminReportRoutes(admin, deps);
  adminCompanyRoutes(admin, deps);
}

export function adminFeature(): Feature {
  return { name: 'admin', routes: adminRoutes };
}
