import type { CardJobField, PublicJob } from '@jobs/contracts';

/**
 * A job of the feed: what a card shows of the contract's public Job (GET /api/jobs?fields=card, a few KB
 * per page of 20 instead of every description), with the server-made excerpt.
 */
export type FeedJob = Pick<PublicJob, CardJobField> & { excerpt?: string; description?: string };

/** GET /api/jobs (spec section 3, Job list response). */
export interface JobsPage {
  data: FeedJob[];
  page: number;
  totalPages: number;
  totalJobs: number;
}

/** GET /api/filter-options. */
export interface FilterOptions {
  experienceLevels: string[];
  locationsByContinent: Record<string, string[]>;
}
