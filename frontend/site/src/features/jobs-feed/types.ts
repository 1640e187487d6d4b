import type { PublicJob } from '@jobs/contracts';

/** A job of the feed: the contract's public Job; the API adds the server-made excerpt. */
export type FeedJob = PublicJob & { excerpt?: string };

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
