/**
 * ATS sources (stream `ats-source-{id}`): public job boards of applicant tracking systems that our
 * bot pulls, and discovered companies (stream `discovered-company-{id}`): boards the discoverer found
 * for an admin to approve (which adds an ATS source) or reject (remembered, never proposed again).
 */
import { z } from 'zod';

export const ATS_KINDS = [
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'smartrecruiters',
  'recruitee',
] as const;
export const AtsKind = z.enum(ATS_KINDS);
export type AtsKind = z.infer<typeof AtsKind>;

/** Display names, also used in the removal reason ('Closed on Greenhouse'). */
export const ATS_NAMES: Record<AtsKind, string> = {
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  ashby: 'Ashby',
  workable: 'Workable',
  smartrecruiters: 'SmartRecruiters',
  recruitee: 'Recruitee',
};

/**
 * A source whose last this-many syncs in a row failed (5xx, timeouts, 429, malformed answers, a missing
 * board) is unhealthy: the admin shows it with the last error and since when. Its jobs stay live and keep
 * their last confirmation; the next successful sync makes it healthy again.
 */
export const UNHEALTHY_AFTER_FAILURES = 3;

export const MIN_INTERVAL_MINUTES = 5;
export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;
export const DEFAULT_INTERVAL_MINUTES = 60;

const IntervalMinutes = z.number().int().min(MIN_INTERVAL_MINUTES).max(MAX_INTERVAL_MINUTES);
/** A board token or slug as the ATS spells it in its URLs (Lever's EU boards: `eu:slug`). */
export const BoardToken = z
  .string()
  .trim()
  .min(1, 'Board is required')
  .max(200)
  .regex(/^(eu:)?[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, dots, dashes and underscores only');

// ---------------------------------------------------------------------------------------------
// ATS source events
// ---------------------------------------------------------------------------------------------

export const AtsSourceAdded = z.object({
  atsSourceId: z.string(),
  kind: AtsKind,
  board: z.string(),
  company: z.string(),
  intervalMinutes: IntervalMinutes,
  /** The ingestion source the bot posts as; its token is derived from the server secret, never stored. */
  ingestionSourceId: z.string(),
  /** Admin-only override of the ATS API origin (tests, self-hosted boards); null: the vendor's host. */
  baseUrl: z.string().nullable(),
  addedAt: z.string(),
});
export type AtsSourceAdded = z.infer<typeof AtsSourceAdded>;

export const AtsSourcePaused = z.object({ atsSourceId: z.string(), pausedAt: z.string() });
export type AtsSourcePaused = z.infer<typeof AtsSourcePaused>;

export const AtsSourceResumed = z.object({ atsSourceId: z.string(), resumedAt: z.string() });
export type AtsSourceResumed = z.infer<typeof AtsSourceResumed>;

export const AtsSourceIntervalChanged = z.object({
  atsSourceId: z.string(),
  intervalMinutes: IntervalMinutes,
  changedAt: z.string(),
});
export type AtsSourceIntervalChanged = z.infer<typeof AtsSourceIntervalChanged>;

export const SyncCounts = z.object({
  /** Jobs on the board this time. */
  seen: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  reposted: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  /** Live jobs missing from the board for the first time (closed if missing again next time). */
  missing: z.number().int().nonnegative(),
});
export type SyncCounts = z.infer<typeof SyncCounts>;

export const SYNC_ERROR_KINDS = [
  'board_not_found',
  'retryable',
  'malformed',
  'http',
  'ingest',
  'internal',
] as const;
export const SyncErrorKind = z.enum(SYNC_ERROR_KINDS);
export type SyncErrorKind = z.infer<typeof SyncErrorKind>;

/** Problems recorded per sync, at most (the counts still count every job). */
export const MAX_SYNC_PROBLEMS = 100;

/**
 * One job a sync could not take as the vendor gave it. `rejected`: the job was left out (a malformed
 * posting, or ingestion refused it), the rest of the board synced; `degraded`: the job was posted
 * without the part named in the message (a value we do not understand, a date that is not one...).
 */
export const SyncProblem = z.object({
  /** The vendor's id of the posting, when it has one. */
  externalId: z.string().nullable(),
  /** The posting's title, when it has one (for the admin to recognise it). */
  title: z.string().nullable(),
  action: z.enum(['rejected', 'degraded']),
  message: z.string(),
});
export type SyncProblem = z.infer<typeof SyncProblem>;

export const AtsSyncRecorded = z.object({
  atsSourceId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  ok: z.boolean(),
  counts: SyncCounts,
  error: z.object({ kind: SyncErrorKind, message: z.string() }).nullable(),
  /**
   * External ids of live jobs this successful sync did not see (first miss). The next successful
   * sync closes those still missing, so one flaky answer cannot remove a live job.
   */
  missingExternalIds: z.array(z.string()),
  /** Failures in a row, this one included (0 after a success): drives the back-off. */
  consecutiveFailures: z.number().int().nonnegative(),
  /** When the bot should pull again: the interval after a success, an exponential back-off after a failure. */
  nextRunAt: z.string(),
  /** Jobs rejected or degraded alone (at most MAX_SYNC_PROBLEMS; absent on syncs recorded before). */
  problems: z.array(SyncProblem).optional(),
});
export type AtsSyncRecorded = z.infer<typeof AtsSyncRecorded>;

export const ATS_SOURCE_EVENT_TYPES = [
  'AtsSourceAdded',
  'AtsSourcePaused',
  'AtsSourceResumed',
  'AtsSourceIntervalChanged',
  'AtsSyncRecorded',
] as const;

export type AtsSourceEvent =
  | { type: 'AtsSourceAdded'; data: AtsSourceAdded }
  | { type: 'AtsSourcePaused'; data: AtsSourcePaused }
  | { type: 'AtsSourceResumed'; data: AtsSourceResumed }
  | { type: 'AtsSourceIntervalChanged'; data: AtsSourceIntervalChanged }
  | { type: 'AtsSyncRecorded'; data: AtsSyncRecorded };

export const atsSourceStreamId = (id: string): string => `ats-source-${id}`;

// ---------------------------------------------------------------------------------------------
// Discovered companies
// ---------------------------------------------------------------------------------------------

export const DiscoveredCompanyFound = z.object({
  discoveredId: z.string(),
  /** What the admin gave (a name, a domain or a slug). */
  candidate: z.string(),
  kind: AtsKind,
  board: z.string(),
  company: z.string(),
  baseUrl: z.string().nullable(),
  jobCount: z.number().int().nonnegative(),
  sampleTitles: z.array(z.string()),
  foundAt: z.string(),
});
export type DiscoveredCompanyFound = z.infer<typeof DiscoveredCompanyFound>;

export const DiscoveredCompanyApproved = z.object({
  discoveredId: z.string(),
  atsSourceId: z.string(),
  approvedAt: z.string(),
});
export type DiscoveredCompanyApproved = z.infer<typeof DiscoveredCompanyApproved>;

export const DiscoveredCompanyRejected = z.object({ discoveredId: z.string(), rejectedAt: z.string() });
export type DiscoveredCompanyRejected = z.infer<typeof DiscoveredCompanyRejected>;

export const DISCOVERED_COMPANY_EVENT_TYPES = [
  'DiscoveredCompanyFound',
  'DiscoveredCompanyApproved',
  'DiscoveredCompanyRejected',
] as const;

export type DiscoveredCompanyEvent =
  | { type: 'DiscoveredCompanyFound'; data: DiscoveredCompanyFound }
  | { type: 'DiscoveredCompanyApproved'; data: DiscoveredCompanyApproved }
  | { type: 'DiscoveredCompanyRejected'; data: DiscoveredCompanyRejected };

export const discoveredCompanyStreamId = (id: string): string => `discovered-company-${id}`;

// ---------------------------------------------------------------------------------------------
// Admin API bodies
// ---------------------------------------------------------------------------------------------

const OptionalBaseUrl = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v.replace(/\/+$/, '') : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/.test(v), { message: 'Must be an http(s) URL' });

export const AtsBoardCheck = z.object({
  kind: AtsKind,
  board: BoardToken,
  baseUrl: OptionalBaseUrl,
});
export type AtsBoardCheck = z.infer<typeof AtsBoardCheck>;

export const AddAtsSourceBody = AtsBoardCheck.extend({
  company: z.string().trim().min(1, 'Company is required').max(200),
  intervalMinutes: IntervalMinutes.default(DEFAULT_INTERVAL_MINUTES),
});
export type AddAtsSourceBody = z.infer<typeof AddAtsSourceBody>;

export const ChangeIntervalBody = z.object({ intervalMinutes: IntervalMinutes });

export const MAX_DISCOVERY_CANDIDATES = 500;
export const DiscoveryBody = z.object({
  /** One candidate a line, or CSV (the first column; a header row named company/domain/name is skipped). */
  candidates: z.string().max(200_000),
  baseUrl: OptionalBaseUrl,
});
export type DiscoveryBody = z.infer<typeof DiscoveryBody>;

export interface BoardCheckResult {
  ok: boolean;
  jobCount: number;
  company: string | null;
  sampleTitles: string[];
  error: { kind: SyncErrorKind; message: string } | null;
}
