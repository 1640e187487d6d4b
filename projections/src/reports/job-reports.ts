import type { JobReported, JobReportsDismissed, JobReportsResolved } from '@jobs/contracts/reports';
import type { SqlProjection } from '../projection';

/**
 * `job_reports`: one row per visitor's report, open until an admin dismisses or resolves it. The admin
 * queue groups them per job (backend/src/features/reports/queries.ts). `stream_revision` is the reports
 * stream's revision after the newest event that touched the row, so the queue knows the revision to send.
 */
export const JOB_REPORTS_PROJECTION = 'job-reports';

export const REPORT_STATUSES = ['open', 'dismissed', 'corrected', 'removed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export interface JobReportRow {
  report_id: string;
  job_id: string;
  reason: string;
  note: string | null;
  reporter_id: string | null;
  address_hash: string;
  reported_at: Date;
  status: ReportStatus;
  handled_at: Date | null;
  handled_by: string | null;
  detail: string | null;
  stream_revision: number;
}

const migrations = [
  `create table if not exists job_reports (
     report_id text primary key,
     job_id uuid not null,
     reason text not null,
     note text,
     reporter_id text,
     address_hash text not null,
     reported_at timestamptz not null,
     status text not null default 'open',
     handled_at timestamptz,
     handled_by text,
     detail text,
     stream_revision integer not null
   )`,
  `create index if not exists job_reports_job on job_reports (job_id, reported_at desc)`,
  `create index if not exists job_reports_open on job_reports (reported_at desc) where status = 'open'`,
];

export function jobReportsProjection(): SqlProjection {
  return {
    name: JOB_REPORTS_PROJECTION,
    eventTypes: ['JobReported', 'JobReportsDismissed', 'JobReportsResolved'],
    tables: ['job_reports'],
    migrations,
    async handle(recorded, tx) {
      if (!recorded.streamId.startsWith('reports-')) return;
      const actor = typeof recorded.metadata?.actor === 'string' ? recorded.metadata.actor : null;
      switch (recorded.type) {
        case 'JobReported': {
          const d = recorded.data as JobReported;
          await tx.query(
            `insert into job_reports (report_id, job_id, reason, note, reporter_id, address_hash, reported_at, stream_revision)
             values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (report_id) do nothing`,
            [
              d.reportId,
              d.jobId,
              d.reason,
              d.note,
              d.reporterId,
              d.addressHash,
              d.reportedAt,
              recorded.revision,
            ],
          );
          // Every row of the job carries the stream's latest revision.
          await tx.query(
            'update job_reports set stream_revision = $2 where job_id = $1 and stream_revision < $2',
            [d.jobId, recorded.revision],
          );
          return;
        }
        case 'JobReportsDismissed':
        case 'JobReportsResolved': {
          const d = recorded.data as JobReportsDismissed | JobReportsResolved;
          const status: ReportStatus = 'resolution' in d ? d.resolution : 'dismissed';
          const at = 'resolvedAt' in d ? d.resolvedAt : d.dismissedAt;
          const detail = 'detail' in d ? d.detail : null;
          await tx.query(
            `update job_reports set status = $3, handled_at = $4, handled_by = $5, detail = $6
             where report_id = any($2::text[]) and job_id = $1 and status = 'open'`,
            [d.jobId, d.reportIds, status, at, actor, detail],
          );
          await tx.query(
            'update job_reports set stream_revision = $2 where job_id = $1 and stream_revision < $2',
            [d.jobId, recorded.revision],
          );
          return;
        }
        default:
          return;
      }
    },
  };
}
