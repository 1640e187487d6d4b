/**
 * The public jobs API (spec section 7): the feed, the count, a job, similar jobs, structured details,
 * companies, suggestions and filter options. Reads only: the feed's ids come from the search index,
 * every row from the jobs read model.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { z } from 'zod';
import type { SearchIndex } from '@jobs/contracts';
import type { AppDeps, Feature } from '../../http/app';
import { HttpError, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { FeedParams, toSearchQuery } from './feed-params';
import {
  companyJobs,
  countLiveJobs,
  filterOptions,
  findCompany,
  findJob,
  loadLiveJobs,
  pageOf,
  PAGE_SIZE,
  similarJobs,
  toCardJob,
  type ApiJob,
  type FilterOptions,
  type JobLookup,
} from './queries';
import { splitDescription } from './structured';
import { SalaryQuery, salaryFigures } from './salaries';
import { LruCache, TtlValue } from './cache';
import { searchGeneration } from '@jobs/search';

/** Public answers may be cached briefly by browsers and proxies (the spec's client caches 30 s to 10 min). */
const SHORT_CACHE = 'public, max-age=30';
const FILTER_OPTIONS_TTL_MS = 60_000;
const SUGGESTION_LIMIT = 8;

export const Identifier = z.object({
  identifier: z.string().min(1).max(300),
});

export const PageOnly = z.object({
  page: z
    .string()
    .regex(/^[0-9]{1,6}$/, 'Must be a whole number from 1')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Must be a whole number from 1'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** GET /api/jobs/{identifier}/similar?fields=card: the similar jobs as cards (the site's job page asks so). */
export const SimilarFields = z.object({
  fields: z
    .enum(['full', 'card'], { error: "Must be 'full' or 'card'" })
    .meta({
      description:
        "Beyond the spec: 'card' answers each similar job with only what its card shows (CardJob), 'full' (the default) the spec's whole Job.",
    })
    .optional(),
});

export const CompanyName = z.object({ companyName: z.string().trim().min(1, 'Required').max(200) });

export const SuggestionText = z.object({
  text: z
    .string({ error: 'Required' })
    .trim()
    .min(2, 'Must be at least 2 characters')
    .max(100, 'Must be at most 100 characters'),
});

const GONE_MESSAGE = 'This job has been removed or has expired.';

function searchOf(deps: AppDeps): SearchIndex {
  if (!deps.search) throw new HttpError('SERVICE_UNAVAILABLE', 'Search is not available');
  return deps.search;
}

/** A job that is live; 404 when unknown, 410 with the reason and time when removed. */
async function liveJob(deps: AppDeps, identifier: string): Promise<JobLookup> {
  const found = await findJob(deps.pool, identifier);
  if (!found) throw notFound('Job not found');
  if (found.status === 'removed') {
    // The slug lets a page opened by the numeric id move to the slug form, as it does for a live job.
    throw new HttpError('GONE', GONE_MESSAGE, {
      extra: { reason: found.removalReason, removedAt: found.removedAt, slug: found.job.slug },
    });
  }
  return found;
}

// As long as the HTTP answer may be cached; writes through this process drop pages at once.
const FEED_PAGE_TTL_MS = 30_000;

function reply(ctx: Koa.Context, body: unknown, cacheControl = SHORT_CACHE) {
  ctx.set('Cache-Control', cacheControl);
  ctx.body = body;
}

export interface JobsFeatureOptions {
  /** The clock for `duration` (tests pin it). */
  now?: () => Date;
}

export function jobsFeature(options: JobsFeatureOptions = {}): Feature {
  const now = options.now ?? (() => new Date());
  // Per process: the structured split of a job's description changes only with a new revision.
  const structured = new LruCache<string, ReturnType<typeof splitDescription>>(2000);
  const similar = new LruCache<string, { at: number; jobs: ApiJob[] }>(2000);
  const options60s = new TtlValue<FilterOptions>(FILTER_OPTIONS_TTL_MS);
  // Rendered feed pages (the home page asks for the same few over and over), valid while no write went
  // through the search index of this process and for at most FEED_PAGE_TTL_MS (writes by other processes).
  // Bodies are kept as bytes: a 20-job page is ~50 KB of JSON, encoded once instead of on every answer.
  const feedPages = new LruCache<string, { at: number; generation: number; body: Buffer; total: number }>(
    500,
  );

  return {
    name: 'jobs',
    routes(router: Router, deps: AppDeps) {
      router.get(
        '/api/jobs',
        validated({ query: FeedParams }, async (ctx, { query }) => {
          const page = query.page ?? 1;
          const generation = searchGeneration(searchOf(deps));
          const key = JSON.stringify(query);
          const hit = feedPages.get(key);
          if (
            hit &&
            generation !== null &&
            hit.generation === generation &&
            Date.now() - hit.at < FEED_PAGE_TTL_MS
          ) {
            ctx.type = 'application/json';
            return reply(ctx, hit.body);
          }
          const result = await searchOf(deps).search({
            ...toSearchQuery(query, now()),
            page,
            pageSize: PAGE_SIZE,
          });
          const jobs = await loadLiveJobs(deps.pool, result.ids);
          // No search is counted here: the feed asks at every keystroke; the site reports the search its visitor
          // settled on (POST /api/searches, admin/search-report.ts).
          // fields=card: only what a feed card shows (the site's feed asks so at every keystroke).
          const rows = query.fields === 'card' ? jobs.map(toCardJob) : jobs;
          const body = Buffer.from(JSON.stringify(pageOf(rows, page, result.total)));
          if (generation !== null)
            feedPages.set(key, { at: Date.now(), generation, body, total: result.total });
          ctx.type = 'application/json';
          reply(ctx, body);
        }),
      );

      router.get('/api/jobs/count', async (ctx) => {
        reply(ctx, { total: await countLiveJobs(deps.pool) });
      });

      router.get(
        '/api/jobs/:identifier',
        validated({ params: Identifier }, async (ctx, { params }) => {
          const { job } = await liveJob(deps, params.identifier);
          reply(ctx, job);
        }),
      );

      router.get(
        '/api/jobs/:identifier/similar',
        validated({ params: Identifier, query: SimilarFields }, async (ctx, { params, query }) => {
          const { jobId, revision, job } = await liveJob(deps, params.identifier);
          const key = `${jobId}:${revision}`;
          const cached = similar.get(key);
          let jobs: ApiJob[];
          if (cached && Date.now() - cached.at < 60_000) jobs = cached.jobs;
          else {
            jobs = await similarJobs(deps.pool, { jobId, title: job.title, skills: job.skills });
            similar.set(key, { at: Date.now(), jobs });
          }
          // fields=card: only what a similar job's card shows (the job page's list, as its HTML carries it).
          reply(ctx, query.fields === 'card' ? jobs.map(toCardJob) : jobs);
        }),
      );

      router.get(
        '/api/jobs/:identifier/structured',
        validated({ params: Identifier }, async (ctx, { params }) => {
          const { jobId, revision, job } = await liveJob(deps, params.identifier);
          const key = `${jobId}:${revision}`;
          let details = structured.get(key);
          if (!details) {
            details = splitDescription(job.description);
            structured.set(key, details);
          }
          reply(ctx, details);
        }),
      );

      router.get(
        '/api/companies/:companyName',
        validated({ params: CompanyName }, async (ctx, { params }) => {
          const company = await findCompany(deps.pool, params.companyName);
          if (!company) throw notFound('Company not found');
          reply(ctx, company);
        }),
      );

      router.get(
        '/api/companies/:companyName/jobs',
        validated({ params: CompanyName, query: PageOnly }, async (ctx, { params, query }) => {
          const company = await findCompany(deps.pool, params.companyName);
          if (!company) throw notFound('Company not found');
          reply(ctx, await companyJobs(deps.pool, company, query.page ?? 1));
        }),
      );

      router.get(
        '/api/suggestions',
        validated({ query: SuggestionText }, async (ctx, { query }) => {
          reply(ctx, await searchOf(deps).suggest(query.text, SUGGESTION_LIMIT), 'public, max-age=60');
        }),
      );

      router.get(
        '/api/salaries',
        validated({ query: SalaryQuery }, async (ctx, { query }) => {
          reply(ctx, await salaryFigures(deps.pool, query), 'public, max-age=300');
        }),
      );

      router.get('/api/filter-options', async (ctx) => {
        reply(ctx, await options60s.get(() => filterOptions(deps.pool)), 'public, max-age=60');
      });
    },
  };
}
