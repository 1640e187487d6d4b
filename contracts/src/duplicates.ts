/**
 * Duplicate jobs (docs/duplicates.md): the same job from two sources, or a repost under a new external id,
 * is shown once. Both events live in the duplicate's own stream `job-{jobId}`.
 */
import { z } from 'zod';

/** Why two jobs were judged the same: a copy from another source, or a closed job listed again. */
export const MERGE_REASONS = ['duplicate', 'repost'] as const;
export const MergeReason = z.enum(MERGE_REASONS);
export type MergeReason = z.infer<typeof MergeReason>;

/**
 * The removal reason that hides a merged duplicate. A JobMerged of a live job is followed by a JobRemoved
 * with this reason, so every read model and the search index hide it without knowing about merges; the
 * job's own lifecycle at its source is still followed (docs/duplicates.md).
 */
export const DUPLICATE_REMOVAL_REASON = 'Duplicate';

export const JobMerged = z.object({
  /** The duplicate (this stream's job). */
  jobId: z.string(),
  /** The job shown instead. */
  canonicalId: z.string(),
  reason: MergeReason,
  /** Estimated Jaccard similarity of the descriptions (MinHash), 0..1. */
  score: z.number().min(0).max(1),
  /** ISO 8601. */
  mergedAt: z.string(),
});
export type JobMerged = z.infer<typeof JobMerged>;

export const JobUnmerged = z.object({
  jobId: z.string(),
  /** The job it was merged into; this pair is never merged again. */
  canonicalId: z.string(),
  /** ISO 8601. */
  unmergedAt: z.string(),
});
export type JobUnmerged = z.infer<typeof JobUnmerged>;
