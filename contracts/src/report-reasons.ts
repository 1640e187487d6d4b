/**
 * Why a visitor reports a job: the values and their labels, without zod, so the public site can import
 * them and stay inside its JavaScript budget (contracts/src/reports.ts builds the schemas on them).
 */
export const REPORT_REASONS = ['expired', 'not-remote', 'scam', 'wrong-info', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  expired: 'Expired or filled',
  'not-remote': 'Not really remote',
  scam: 'Scam or spam',
  'wrong-info': 'Wrong information',
  other: 'Other',
};

/** The optional note's limit, in characters. */
export const REPORT_NOTE_MAX = 1000;
