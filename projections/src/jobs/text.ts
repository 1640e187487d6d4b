/**
 * Plain text, excerpts and slugs derived from a job's content. The jobs read model and the search
 * index projection both use them, so the feed and the index show the same excerpt.
 */

export {
  htmlToLines,
  htmlToText,
  truncate,
  excerptOf,
  FEED_EXCERPT_LENGTH as EXCERPT_LENGTH,
} from '@jobs/contracts/description-text';

/**
 * The company slug is the one the company decider names its `company-{slug}` stream with, so profile
 * events and job rows meet on one companies row.
 */
export { companySlug } from '@jobs/contracts';
