/**
 * Server-rendered SEO for /jobs/{identifier}: title, meta, canonical (slug form), JobPosting and
 * BreadcrumbList JSON-LD in the HTML itself, HTTP 410 for a removed job and 404 for an unknown one.
 * The lookup goes to the client as `state.jobPage`, so the page renders without a round trip.
 */
import type Koa from 'koa';
import type pg from 'pg';
import { EXPERIENCE_NOT_SPECIFIED } from '@jobs/contracts';
import type { PageRenderer, RenderedPage } from '../../http/site';
import { findCompany, findJob, type ApiJob, type CompanyDetails } from '../jobs/queries';
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
      /** What the page's other queries answer (GET …/structured, …/similar, /api/companies/{company}): rendered with it. */
      structured: StructuredDescription;
      similar: ApiJob[];
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

export function jobPageRenderer(deps: SiteSeoDeps): PageRenderer {
  return async (ctx): Promise<RenderedPage | null> => {
    const identifier = identifierOf(ctx, JOB_PATH);
    if (identifier === null) return null;
    const found = identifier.length <= 300 ? await findJob(deps.pool, identifier) : null;

    if (!found) {
      const state: JobPageState = { identifier, status: 404 };
      return {
        status: 404,
        title: `Job Not Found | ${SITE_NAME}`,
        head: '<meta name="robots" content="noindex">',
        state: { jobPage: state },
      };
    }
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

    const canonical = jobUrl(deps.publicUrl, job.slug);
    const title = `${job.title} at ${job.company} | ${SITE_NAME}`;
    const head = headTags({
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
      image: absoluteLogoUrl(job.companyLogo, deps.publicUrl),
      imageAlt: `${job.company} logo`,
      jsonLd: [
        jobPostingJsonLd(job, deps.publicUrl),
        breadcrumbJsonLd([
          { name: 'Home', url: `${deps.publicUrl}/` },
          { name: job.company, url: companyUrl(deps.publicUrl, job.company) },
          { name: job.title, url: canonical },
        ]),
      ],
    });
    const [similar, company] = await Promise.all([
      // The stored list (jobs/similar): the trigram walk runs once per job and revision, not on every view.
      storedSimilarJobs(deps.pool, {
        jobId: found.jobId,
        revision: found.revision,
        title: job.title,
        skills: job.skills,
      }),
      findCompany(deps.pool, job.company),
    ]);
    const state: JobPageState = {
      identifier,
      status: 200,
      job,
      structured: splitDescription(job.description),
      // The similar-jobs cards show 150 characters: the excerpt, not whole descriptions, travels in the page.
      similar: similar.map((j) => ({ ...j, description: j.excerpt })),
      company,
    };
    return { status: 200, title, head, state: { jobPage: state } };
  };
}
