/**
 * Server-rendered SEO for /jobs/{identifier}: title, meta, canonical (slug form), JobPosting and
 * BreadcrumbList JSON-LD in the HTML itself, HTTP 410 for a removed job and 404 for an unknown one.
 * The lookup goes to the client as `state.jobPage`, so the page renders without a round trip.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import type pg from 'pg';
import { EXPERIENCE_NOT_SPECIFIED, type PublicCardJob } from '@jobs/contracts';
import type { PageRenderer, RenderedPage } from '../../http/site';
import { LruCache } from '../jobs/cache';
import { canonicalOf, REDIRECT_MAX_AGE_S } from '../jobs/dedupe/routes';
import { findJobWithCompany, type ApiJob, type CompanyDetails } from '../jobs/queries';
import { storedSimilarJobs } from '../jobs/similar/stored';
import { splitDescription, type StructuredDescription } from '../jobs/structured';
import { headTags, keywordList, plainSummary, SITE_NAME } from './head';
import { absoluteLogoUrl, breadcrumbJsonLd, companyUrl, jobPostingJsonLd, jobUrl } from './json-ld';

const JOB_PATH = /^\/jobs\/([^/]+)\/?$/;

/** What the client reads from window.__INITIAL_STATE__.jobPage (frontend/site/src/features/job-page/api/initial-state.ts). */
export type JobPageState =
  | {
      identifier: string;
      status: 200;
      job: ApiJob;
      /**
       * What the page's other queries answer (GET …/structured, …/similar?fields=card, /api/companies/{company}):
       * rendered with it.
       */
      structured: StructuredDescription;
      similar: PublicCardJob[];
      company: CompanyDetails | null;
    }
  | { identifier: string; status: 404 }
  | {
      identifier: string;
      status: 410;
      gone: { message: string; reason: string | null; removedAt: string | null; title: string; slug: string };
    };

export interface SiteSeoDeps {
  pool: pg.Pool;
  publicUrl: string;
}

export function identifierOf(ctx: Koa.Context, pattern: RegExp): string | null {
  const match = pattern.exec(ctx.path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

function jobDescription(job: ApiJob): string {
  const where =
    job.isRemote && !job.isHybrid ? `Remote${job.location ? ` (${job.location})` : ''}` : job.location;
  const lead = `${job.title} at ${job.company} – ${job.type}, ${where}.`;
  return plainSummary(`${lead} ${job.excerpt || job.description}`, 160);
}

function notFound(identifier: string): RenderedPage {
  const state: JobPageState = { identifier, status: 404 };
  return {
    status: 404,
    title: `Job Not Found | ${SITE_NAME}`,
    head: '<meta name="robots" content="noindex">',
    state: { jobPage: state },
  };
}

export function jobPageRenderer(deps: SiteSeoDeps): PageRenderer {
  const perRevision = new LruCache<string, { head: string; structured: StructuredDescription }>(2000);
  return async (ctx): Promise<RenderedPage | null> => {
    const identifier = identifierOf(ctx, JOB_PATH);
    if (identifier === null) return null;
    if (identifier.length > 300) return notFound(identifier);
    // The job and its company in one round trip (the page's first query).
    const found = await findJobWithCompany(deps.pool, identifier);
    // A merged duplicate is a removed job: its page answers 301 to the job shown instead (the duplicate's
    // link keeps its weight; an hour's cache, so an unmerge is seen the same day). Only a page that is not a
    // live job asks, not every job page.
    if (!found || found.status === 'removed') {
      const canonical = await canonicalOf(deps.pool, identifier);
      if (canonical)
        return {
          status: 301,
          redirect: {
            location: `/jobs/${encodeURIComponent(canonical.slug)}`,
            maxAgeSeconds: REDIRECT_MAX_AGE_S,
          },
        };
    }
    if (!found) return notFound(identifier);
    const { job } = found;
    if (found.status === 'removed') {
      const state: JobPageState = {
        identifier,
        status: 410,
        gone: {
          message: 'This job has been removed or has expired.',
          reason: found.removalReason,
          removedAt: found.removedAt,
          title: job.title,
          slug: job.slug,
        },
      };
      return {
        status: 410,
        title: `Job No Longer Available | ${SITE_NAME}`,
        // No JobPosting for an expired job (Google: a 404/410 or no markup).
        head: '<meta name="robots" content="noindex">',
        state: { jobPage: state },
      };
    }

    const title = `${job.title} at ${job.company} | ${SITE_NAME}`;
    // What depends on the job alone (head tags with JSON-LD, the description's sections) is computed once per
    // content of the job, not at every view: keyed by a digest of the whole job as read, since some of it
    // changes without a new revision (a confirmation moves validThrough, a company profile the logo).
    // Nothing personal is in it: the page's data is the same for every visitor.
    const key = crypto.createHash('sha1').update(JSON.stringify(job)).digest('base64');
    let derived = perRevision.get(key);
    if (!derived) {
      derived = { head: jobHead(job, title, deps.publicUrl), structured: splitDescription(job.description) };
      perRevision.set(key, derived);
    }
    // The stored list (jobs/similar), or the ranking and its list stored: one statement.
    const similar = await storedSimilarJobs(deps.pool, {
      jobId: found.jobId,
      revision: found.revision,
      title: job.title,
      skills: job.skills,
    });
    const { company } = found;
    const state: JobPageState = {
      identifier,
      status: 200,
      job,
      structured: derived.structured,
      // Only what the similar jobs' cards show, read so (jobs/queries.ts CARD_COLUMNS; the client asks GET
      // …/similar?fields=card for the same): no descriptions, skills, company profiles or URLs (~1,550 bytes a
      // job in the state as whole Jobs, ~800 as cards).
      similar,
      company,
    };
    return { status: 200, title, head: derived.head, state: { jobPage: state } };
  };
}

/** The job page's head tags: meta, canonical, Open Graph, JobPosting and breadcrumb JSON-LD. */
function jobHead(job: ApiJob, title: string, publicUrl: string): string {
  const canonical = jobUrl(publicUrl, job.slug);
  return headTags({
    title,
    description: jobDescription(job),
    keywords: keywordList([
      job.title,
      job.company,
      job.type,
      job.experienceLevel === EXPERIENCE_NOT_SPECIFIED ? null : job.experienceLevel,
      job.industry,
      job.location,
      job.isRemote ? (job.isHybrid ? 'hybrid' : 'remote') : null,
      ...job.skills,
    ]),
    canonical,
    type: 'article',
    image: absoluteLogoUrl(job.companyLogo, publicUrl),
    imageAlt: `${job.company} logo`,
    jsonLd: [
      jobPostingJsonLd(job, publicUrl),
      breadcrumbJsonLd([
        { name: 'Home', url: `${publicUrl}/` },
        { name: job.company, url: companyUrl(publicUrl, job.company) },
        { name: job.title, url: canonical },
      ]),
    ],
  });
}
