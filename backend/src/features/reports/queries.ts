/**
 * The admin's reports queue: the `job_reports` read model grouped per job, joined with the job's title,
 * company and state. A job is 'open' while it has an open report, 'handled' once none is left.
 */
import type pg from 'pg';
import type { JobReportRow } from '@jobs/projections/reports/index';
import { camel, invalidFilter, text, Where, type ListParams } from '../admin/rest';

export const REPORT_SORTS = {
  lastReportedAt: 'last_reported_at',
  openCount: 'open_count',
  reportCount: 'report_count',
  title: 'title',
} as const;
export type ReportSort = keyof typeof REPORT_SORTS;

export interface ReportQueueItem {
  /** The job id: the queue has one row per reported job. */
  id: string;
  title: string | null;
  company: string | null;
  publicId: number | null;
  slug: string | null;
  jobStatus: 'live' | 'removed' | null;
  workplace: string | null;
  removalReason: string | null;
  status: 'open' | 'handled';
  openCount: number;
  reportCount: number;
  /** Counts per reason among the open reports (all reports once handled). */
  reasons: Record<string, number>;
  latestNote: string | null;
  lastReportedAt: string;
  /** The reports stream's revision: admin commands send it back as expectedRevision. */
  revision: number;
}

export interface ReportDetail {
  id: string;
  reason: string;
  note: string | null;
  signedIn: boolean;
  reportedAt: string;
  status: JobReportRow['status'];
  handledAt: string | null;
  handledBy: string | null;
  detail: string | null;
}

const GROUPED = `
  select r.job_id,
         count(*) filter (where r.status = 'open')::int as open_count,
         count(*)::int as report_count,
         max(r.reported_at) as last_reported_at,
         max(r.stream_revision)::int as revision
    from job_reports r
   group by r.job_id`;

const ITEM_COLUMNS = `g.job_id::text as id, j.title, j.company, j.public_id, j.slug, j.status as job_status,
  j.workplace, j.removal_reason, case when g.open_count > 0 then 'open' else 'handled' end as status,
  g.open_count, g.report_count, g.last_reported_at, g.revision,
  (select jsonb_object_agg(x.reason, x.n) from (
     select reason, count(*)::int as n from job_reports
      where job_id = g.job_id and (status = 'open' or g.open_count = 0) group by reason) x) as reasons,
  (select note from job_reports where job_id = g.job_id and note is not null
    order by (status = 'open') desc, reported_at desc limit 1) as latest_note`;

function toItem(row: Record<string, unknown>): ReportQueueItem {
  const item = camel<ReportQueueItem & { lastReportedAt: Date; publicId: string | number | null }>(row);
  return {
    ...item,
    publicId: item.publicId === null ? null : Number(item.publicId),
    reasons: item.reasons ?? {},
    lastReportedAt: item.lastReportedAt.toISOString(),
  };
}

function queueWhere(filter: Record<string, unknown>): Where {
  const where = new Where();
  const status = text(filter, 'status');
  if (status === 'open') where.add('g.open_count > 0');
  else if (status === 'handled') where.add('g.open_count = 0');
  else if (status !== undefined) throw invalidFilter('status', 'open or handled');
  return where;
}

export async function listReportQueue(
  pool: pg.Pool,
  params: ListParams<ReportSort>,
): Promise<{ rows: ReportQueueItem[]; total: number }> {
  const where = queueWhere(params.filter);
  const from = `from (${GROUPED}) g left join jobs j on j.job_id = g.job_id ${where.toSql()}`;
  const total = await pool.query<{ n: number }>(`select count(*)::int as n ${from}`, where.params);
  const order = `${REPORT_SORTS[params.sort.field]} ${params.sort.order} nulls last, g.job_id`;
  const limit = where.param(params.limit);
  const offset = where.param(params.offset);
  const { rows } = await pool.query(
    `select ${ITEM_COLUMNS} ${from} order by ${order} limit ${limit} offset ${offset}`,
    where.params,
  );
  return { rows: rows.map(toItem), total: total.rows[0]!.n };
}

/** One job's queue item with every report, newest first; null when the job was never reported. */
export async function getReportedJob(
  pool: pg.Pool,
  jobId: string,
): Promise<(ReportQueueItem & { reports: ReportDetail[] }) | null> {
  const { rows } = await pool.query(
    `select ${ITEM_COLUMNS} from (${GROUPED}) g left join jobs j on j.job_id = g.job_id where g.job_id = $1`,
    [jobId],
  );
  if (!rows[0]) return null;
  const reports = await pool.query<JobReportRow>(
    'select * from job_reports where job_id = $1 order by reported_at desc, report_id',
    [jobId],
  );
  return {
    ...toItem(rows[0]),
    reports: reports.rows.map((r) => ({
      id: r.report_id,
      reason: r.reason,
      note: r.note,
      signedIn: r.reporter_id !== null,
      reportedAt: r.reported_at.toISOString(),
      status: r.status,
      handledAt: r.handled_at?.toISOString() ?? null,
      handledBy: r.handled_by,
      detail: r.detail,
    })),
  };
}
