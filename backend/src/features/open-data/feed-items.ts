/**
 * The jobs of a feed: ids from the search index (the same search as GET /api/jobs), rows from the jobs
 * read model, live ones only, so a removed job leaves every feed as soon as the projection applies it.
 * The validators come with them: an ETag over the items' ids and revisions and the newest update time.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import type { SearchIndex } from '@jobs/contracts';
import { jobExcerpt } from '@jobs/contracts/description-text';
import { feedSearchQuery, type FeedQuery } from './feed-query';
import { listingFields, type ListingColumns } from '../jobs/listing-fields';

export interface FeedItem {
  jobId: string;
  revision: number;
  publicId: number;
  slug: string;
  title: string;
  company: string;
  companyLogo: string | null;
  location: string;
  isRemote: boolean;
  isHybrid: boolean;
  type: string;
  experienceLevel: string;
  industry: string;
  salary: string | null;
  excerpt: string;
  datePosted: Date;
  updatedAt: Date;
}

export interface FeedItems {
  items: FeedItem[];
  /** A weak validator: the body is compressed or not, the items are the same. */
  etag: string;
  /** The newest update among the items; null for an empty feed. */
  lastModified: Date | null;
}

interface Row extends ListingColumns {
  job_id: string;
  revision: number;
  public_id: number;
  slug: string;
  excerpt: string;
  company_description: string | null;
  date_posted: Date;
  updated_at: Date;
}

/** Bump when the rendered form of an item changes, so readers' cached copies stop matching. */
const TEMPLATE_VERSION = '2';

export async function loadFeedItems(
  deps: { pool: pg.Pool; search: SearchIndex },
  query: FeedQuery,
  options: { limit: number; variant: string; now: Date },
): Promise<FeedItems> {
  const result = await deps.search.search({
    ...feedSearchQuery(query, options.now),
    page: 1,
    pageSize: options.limit,
  });
  let items: FeedItem[] = [];
  if (result.ids.length) {
    const { rows } = await deps.pool.query<Row>(
      `select job_id, revision, public_id, slug, title, company, company_logo, location, is_remote, is_hybrid,
              type, experience_level, industry, salary, excerpt, date_posted, updated_at,
              -- only needed when the excerpt is too short (jobExcerpt's fallback)
              case when length(excerpt) < 20 then company_description end as company_description
       from jobs where job_id = any($1::uuid[]) and status = 'live'`,
      [result.ids],
    );
    const byId = new Map(rows.map((row) => [row.job_id, row]));
    items = result.ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toItem(row)] : [];
    });
  }
  const hash = crypto.createHash('sha256').update(`${TEMPLATE_VERSION}|${options.variant}`);
  for (const item of items) hash.update(`|${item.jobId}:${item.revision}`);
  const lastModified = items.reduce<Date | null>(
    (newest, item) => (newest && newest >= item.updatedAt ? newest : item.updatedAt),
    null,
  );
  return { items, etag: `W/"${hash.digest('base64url').slice(0, 27)}"`, lastModified };
}

function toItem(row: Row): FeedItem {
  return {
    jobId: row.job_id,
    revision: row.revision,
    publicId: row.public_id,
    slug: row.slug,
    ...listingFields(row),
    excerpt: jobExcerpt(row.excerpt, row.company_description),
    datePosted: row.date_posted,
    updatedAt: row.updated_at,
  };
}

/** 'Remote', 'Hybrid' or 'On-site', as the job card says it. */
export function workplaceOf(item: Pick<FeedItem, 'isRemote' | 'isHybrid'>): string {
  return item.isHybrid ? 'Hybrid' : item.isRemote ? 'Remote' : 'On-site';
}

/** A plain-text summary: no markup, no control characters, at most `max` characters. */
export function plainSummary(text: string, max = 600): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
