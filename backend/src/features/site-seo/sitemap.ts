/**
 * /sitemap.xml (a sitemap index), /sitemap-jobs-{n}.xml (live jobs, at most 50,000 URLs each, lastmod
 * per job), /sitemap-companies.xml (companies with live jobs; -2, -3... past the page size) and
 * /robots.txt.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type pg from 'pg';
import type { AppDeps, Feature } from '../../http/app';
import { escapeHtml } from '../../http/site';
import { companyUrl, jobUrl } from './json-ld';
import { robotsTxt } from './robots';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapOptions {
  /** URLs per sitemap file (tests make it small to see the split). */
  pageSize?: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function xml(ctx: Koa.Context, body: string) {
  ctx.type = 'application/xml; charset=utf-8';
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.body = body;
}

function urlEntry(loc: string, lastmod: Date | null): string {
  return `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
}

async function counts(pool: pg.Pool): Promise<{ jobs: number; companies: number }> {
  // Every job ever posted, live or not: the job files cut that order (see jobsSitemap).
  const { rows } = await pool.query<{ jobs: number; companies: number }>(
    `select (select count(*)::int from jobs) as jobs,
            (select count(*)::int from companies where live_job_count > 0) as companies`,
  );
  return rows[0] ?? { jobs: 0, companies: 0 };
}

/** The companies file: the first page keeps the plain name, later pages are numbered. */
function companiesFile(page: number): string {
  return page === 1 ? 'sitemap-companies.xml' : `sitemap-companies-${page}.xml`;
}

/** The sitemap index: one file per page of live jobs, then the companies. */
export async function sitemapIndex(pool: pg.Pool, publicUrl: string, pageSize: number): Promise<string> {
  const total = await counts(pool);
  const pages = Math.max(1, Math.ceil(total.jobs / pageSize));
  const companyPages = Math.max(1, Math.ceil(total.companies / pageSize));
  const { rows } = await pool.query<{ jobs: Date | null; companies: Date | null }>(
    `select (select max(updated_at) from jobs where status = 'live') as jobs,
            (select max(updated_at) from companies where live_job_count > 0) as companies`,
  );
  const stamp = (d: Date | null | undefined) => (d ? `<lastmod>${d.toISOString()}</lastmod>` : '');
  const entries = Array.from(
    { length: pages },
    (_, i) =>
      `<sitemap><loc>${escapeHtml(`${publicUrl}/sitemap-jobs-${i + 1}.xml`)}</loc>${stamp(rows[0]?.jobs)}</sitemap>`,
  );
  for (let page = 1; page <= companyPages; page++) {
    entries.push(
      `<sitemap><loc>${escapeHtml(`${publicUrl}/${companiesFile(page)}`)}</loc>${stamp(rows[0]?.companies)}</sitemap>`,
    );
  }
  return `${XML_HEAD}\n<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

type JobKey = { public_id: number; posted_at: Date; job_id: string };

/**
 * Page `page` (from 1): the live jobs among the page's share of every job ever posted, in public id order. Cutting
 * the order of all jobs (not only live ones) finds the page's first and last job with an index-only scan of
 * jobs_public_id, so page 20 of a million jobs reads 50,000 rows, not the 950,000 before it; a page holds at most
 * `pageSize` URLs, fewer where jobs were removed. A page past the last answers null (404).
 */
export async function jobsSitemap(
  pool: pg.Pool,
  publicUrl: string,
  page: number,
  pageSize: number,
): Promise<string | null> {
  const edge = (offset: number) =>
    pool
      .query<JobKey>(
        'select public_id, posted_at, job_id from jobs order by public_id, posted_at, job_id offset $1 limit 1',
        [offset],
      )
      .then((r) => r.rows[0]);
  const first = await edge((page - 1) * pageSize);
  if (!first) return page > 1 ? null : urlset([]);
  const last = await edge(page * pageSize - 1);
  const { rows } = await pool.query<{ slug: string; updated_at: Date; date_posted: Date }>(
    `select slug, updated_at, date_posted from jobs
     where status = 'live' and (public_id, posted_at, job_id) >= ($1, $2, $3)
       ${last ? 'and (public_id, posted_at, job_id) <= ($4, $5, $6)' : ''}
     order by public_id, posted_at, job_id`,
    [
      first.public_id,
      first.posted_at,
      first.job_id,
      ...(last ? [last.public_id, last.posted_at, last.job_id] : []),
    ],
  );
  return urlset(rows.map((r) => urlEntry(jobUrl(publicUrl, r.slug), r.updated_at ?? r.date_posted)));
}

function urlset(urls: string[]): string {
  return `${XML_HEAD}\n<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Page `page` of the companies with at least one live job, in slug order. */
export async function companiesSitemap(
  pool: pg.Pool,
  publicUrl: string,
  page: number,
  pageSize: number,
): Promise<string | null> {
  const { rows } = await pool.query<{ name: string; updated_at: Date }>(
    `select name, updated_at from companies where live_job_count > 0
     order by slug limit $1 offset $2`,
    [pageSize, (page - 1) * pageSize],
  );
  if (!rows.length && page > 1) return null;
  const urls = rows.map((r) => urlEntry(companyUrl(publicUrl, r.name), r.updated_at));
  return `${XML_HEAD}\n<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapFeature(options: SitemapOptions = {}): Feature {
  const pageSize = Math.min(SITEMAP_MAX_URLS, Math.max(1, options.pageSize ?? SITEMAP_MAX_URLS));
  return {
    name: 'site-seo',
    routes(router: Router, deps: AppDeps) {
      const publicUrl = deps.config.publicUrl;
      router.get('/robots.txt', (ctx) => {
        ctx.type = 'text/plain; charset=utf-8';
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = robotsTxt(publicUrl);
      });
      router.get('/sitemap.xml', async (ctx) => xml(ctx, await sitemapIndex(deps.pool, publicUrl, pageSize)));
      const pageOf = (param: string | undefined) =>
        /^[1-9][0-9]{0,5}$/.test(param ?? '') ? Number(param) : null;
      router.get('/sitemap-companies.xml', async (ctx) =>
        xml(ctx, (await companiesSitemap(deps.pool, publicUrl, 1, pageSize))!),
      );
      router.get('/sitemap-companies-:page.xml', async (ctx, next) => {
        const page = pageOf(ctx.params.page);
        const body =
          page === null || page < 2 ? null : await companiesSitemap(deps.pool, publicUrl, page, pageSize);
        if (body === null) return next();
        xml(ctx, body);
      });
      router.get('/sitemap-jobs-:page.xml', async (ctx, next) => {
        const page = pageOf(ctx.params.page);
        const body = page === null ? null : await jobsSitemap(deps.pool, publicUrl, page, pageSize);
        if (body === null) return next();
        xml(ctx, body);
      });
    },
  };
}
