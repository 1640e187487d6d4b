import type { PublicJob } from '@jobs/contracts';

/**
 * A job of the feed: what a card shows of the contract's public Job (GET /api/jobs?fields=card, a few KB
 * per page of 20 instead of every description), with the server-made excerpt.
 */
export type FeedJob = Pick<
  PublicJob,
  | 'id'
  | 'slug'
  | 'title'
  | 'company'
  | 'companyLogo'
  | 'location'
  | 'isRemote'
  | 'isHybrid'
  | 'type'
  | 'experienceLevel'
  | 'industry'
  | 'salary'
  | 'datePosted'
  | 'continent'
  | 'country'
  | 'eligibility'
  | 'lastConfirmedAt'
  | 'confirmedBy'
> & { excerpt?: string; description?: string };

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
