/**
 * Job reports: a visitor flags a job (expired, not really remote, scam, wrong information, other), and an
 * admin handles the job's open reports by dismissing them, correcting the job or removing it.
 *
 * Stream `reports-{jobId}`: every report of one job, and the admin decisions that close them. Kept apart
 * from `job-{jobId}` so a burst of reports never races ingestion's appends to the job itself. No raw
 * address goes into an event: `addressHash` is an HMAC of the client address with a server key.
 */
import { z } from 'zod';
import { Workplace } from './jobs';
import { REPORT_NOTE_MAX, REPORT_REASONS } from './report-reasons';

export { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from './report-reasons';

export const reportsStreamId = (jobId: string) => `reports-${jobId}`;

export const ReportReasonSchema = z.enum(REPORT_REASONS, {
  error: `Must be one of ${REPORT_REASONS.join(', ')}`,
});

// ---------------------------------------------------------------------------------------------
// Events (stream `reports-{jobId}`)
// ---------------------------------------------------------------------------------------------

export const JobReported = z.object({
  reportId: z.string(),
  jobId: z.string(),
  reason: ReportReasonSchema,
  note: z.string().nullable(),
  /** The signed-in account that reported, if any. */
  reporterId: z.string().nullable(),
  /** HMAC of the client address: tells repeated reports from one address apart without storing it. */
  addressHash: z.string(),
  reportedAt: z.string(),
});
export type JobReported = z.infer<typeof JobReported>;

/** The admin found nothing to change: the reports leave the open queue. */
export const JobReportsDismissed = z.object({
  jobId: z.string(),
  reportIds: z.array(z.string()),
  dismissedAt: z.string(),
});
export type JobReportsDismissed = z.infer<typeof JobReportsDismissed>;

export const REPORT_RESOLUTIONS = ['corrected', 'removed'] as const;
export const ReportResolution = z.enum(REPORT_RESOLUTIONS);
export type ReportResolution = z.infer<typeof ReportResolution>;

/** The admin acted on the job (a JobCorrected or JobRemoved in its stream): the reports are handled. */
export const JobReportsResolved = z.object({
  jobId: z.string(),
  reportIds: z.array(z.string()),
  resolution: ReportResolution,
  /** What was done, in words ('workplace: remote → on-site', or the removal reason). */
  detail: z.string(),
  resolvedAt: z.string(),
});
export type JobReportsResolved = z.infer<typeof JobReportsResolved>;

export const REPORT_EVENT_TYPES = ['JobReported', 'JobReportsDismissed', 'JobReportsResolved'] as const;
export type ReportEventType = (typeof REPORT_EVENT_TYPES)[number];

export type ReportEvent =
  | { type: 'JobReported'; data: JobReported }
  | { type: 'JobReportsDismissed'; data: JobReportsDismissed }
  | { type: 'JobReportsResolved'; data: JobReportsResolved };

// ---------------------------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------------------------

/** POST /api/jobs/{identifier}/reports */
export const ReportJobRequest = z.object({
  reason: ReportReasonSchema,
  note: z
    .string({ error: 'Must be text' })
    .trim()
    .max(REPORT_NOTE_MAX, `Must be at most ${REPORT_NOTE_MAX} characters`)
    .nullish()
    .transform((note) => note || null),
});
export type ReportJobRequest = z.infer<typeof ReportJobRequest>;

/** The admin's correction of a reported job: where it is done from. */
export const CorrectJobRequest = z.object({
  workplace: Workplace,
  expectedRevision: z.number({ error: 'Required' }).int().min(0),
});
