/**
 * Duplicates over HTTP (docs/duplicates.md):
 * - a merged duplicate's page and API answer 301 to the job shown instead (search engines move the link's
 *   weight; cached for an hour only, so an unmerge is seen the same day);
 * - admin: the job's duplicate links, and the unmerge command.
 */
import type Koa from 'koa';
import type pg from 'pg';
import { z } from 'zod';
import { WrongExpectedVersionError } from '@jobs/contracts';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/index';
import type { AppDeps, Feature } from '../../../http/app';
import { HttpError, notFound } from '../../../http/errors';
import { validated } from '../../../http/validate';
import { adminMetadata, caughtUp } from '../../admin/context';
import { guardedRouter } from '../../admin/guarded';
import { isJobId } from '../../admin/jobs-queries';
import { JobRuleError } from '../decide';
import { runOnJob } from './commands';
import { duplicateDecider } from './decide';
import { DUPLICATES_PROJECTION } from './projection';
import { unstorableText } from '../../../http/text-input';

/** How long a merged duplicate's 301 (API and page, site-seo/job.ts) may be cached. */
export const REDIRECT_MAX_AGE_S = 3600;
const NOT_A_JOB = new Set(['count']);

/** The job a merged duplicate (by public id or slug) points to: its slug and public id. */
export async function canonicalOf(
  pool: pg.Pool,
  identifier: string,
): Promise<{ slug: string; publicId: number } | null> {
  // Text PostgreSQL cannot compare (U+0000, a lone surrogate) names no job: the job route's own 404 answers.
  if (unstorableText(identifier)) return null;
  const byId = /^[1-9][0-9]{0,15}$/.test(identifier);
  const { rows } = await pool.query<{ slug: string; public_id: string }>(
    `select c.slug, c.public_id from jobs d
     join job_fingerprints f on f.job_id = d.job_id and f.merged_into is not null
     join jobs c on c.job_id = f.merged_into
     where ${byId ? 'd.public_id = $1::bigint' : 'd.slug = $1'} and d.status = 'removed'
     order by d.posted_at, d.job_id limit 1`,
    [identifier],
  );
  const row = rows[0];
  return row ? { slug: row.slug, publicId: Number(row.public_id) } : null;
}

export interface DuplicateLink {
  jobId: string;
  publicId: number;
  slug: string;
  title: string;
  company: string;
  source: string;
  /** The ingestion source's name, as the admin's dashboard shows it. */
  sourceName: string | null;
  externalId: string;
  reason: string | null;
  score: number | null;
}

/** A job's merge links: the job it is merged into, and the jobs merged into it. */
export async function duplicateLinks(
  pool: pg.Pool,
  jobId: string,
): Promise<{ mergedInto: DuplicateLink | null; duplicates: DuplicateLink[] }> {
  const select = `select j.job_id, j.public_id, j.slug, j.title, j.company, j.source, j.external_id,
                         f.merge_reason, f.merge_score,
                         (select s.name from ingestion_sources s where s.id = j.source) as source_name
                  from job_fingerprints f join jobs j on j.job_id = f.job_id`;
  type Row = {
    job_id: string;
    public_id: string;
    slug: string;
    title: string;
    company: string;
    source: string;
    source_name: string | null;
    external_id: string;
    merge_reason: string | null;
    merge_score: number | null;
  };
  const link = (r: Row): DuplicateLink => ({
    jobId: r.job_id,
    publicId: Number(r.public_id),
    slug: r.slug,
    title: r.title,
    company: r.company,
    source: r.source,
    sourceName: r.source_name,
    externalId: r.external_id,
    reason: r.merge_reason,
    score: r.merge_score,
  });
  const [own, merged] = await Promise.all([
    pool.query<{ merged_into: string | null; merge_reason: string | null; merge_score: number | null }>(
      'select merged_into, merge_reason, merge_score from job_fingerprints where job_id = $1',
      [jobId],
    ),
    pool.query<Row>(`${select} where f.merged_into = $1 order by j.posted_at`, [jobId]),
  ]);
  const into = own.rows[0];
  let mergedInto: DuplicateLink | null = null;
  if (into?.merged_into) {
    const { rows } = await pool.query<Row>(`${select} where f.job_id = $1`, [into.merged_into]);
    if (rows[0]) mergedInto = { ...link(rows[0]), reason: into.merge_reason, score: into.merge_score };
  }
  return { mergedInto, duplicates: merged.rows.map(link) };
}

async function redirectIfMerged(ctx: Koa.Context, next: Koa.Next, pool: pg.Pool) {
  const identifier = String(ctx.params.identifier ?? '');
  if (identifier.length > 300 || NOT_A_JOB.has(identifier)) return next();
  const canonical = await canonicalOf(pool, identifier);
  if (!canonical) return next();
  ctx.set('Cache-Control', `public, max-age=${REDIRECT_MAX_AGE_S}`);
  ctx.redirect(`/api/jobs/${encodeURIComponent(canonical.slug)}`);
  ctx.status = 301;
}

const JobIdParam = z.object({ id: z.string().refine(isJobId, 'Must be a job id (UUID)') });
const UnmergeBody = z.object({ expectedRevision: z.number().int().min(0).optional() });
const MergeBody = z.object({ into: z.string().refine(isJobId, 'Must be a job id (UUID)') });

export function duplicatesFeature(): Feature {
  return {
    name: 'duplicates',
    routes(router, deps: AppDeps) {
      // The page's redirect is the job page renderer's (site-seo/job.ts): the router holds API routes only.
      router.get('/api/jobs/:identifier', (ctx, next) => redirectIfMerged(ctx, next, deps.pool));

      const admin = guardedRouter(router);
      admin.get(
        '/api/admin/jobs/:id/duplicates',
        validated({ params: JobIdParam }, async (ctx, { params }) => {
          ctx.set('Cache-Control', 'no-store');
          ctx.body = await duplicateLinks(deps.pool, params.id);
        }),
      );
      // Issue 24: an admin's explicit merge (e.g. another source's repost of a closed job, which the check
      // leaves alone). The job is hidden under `into`, whose content and status do not change; jobs merged
      // into this one follow it. Undone with unmerge, like every merge.
      admin.post(
        '/api/admin/jobs/:id/merge',
        validated({ params: JobIdParam, body: MergeBody }, async (ctx, { params, body }) => {
          if (params.id === body.into) throw new HttpError('CONFLICT', 'A job cannot be merged into itself');
          const { rows } = await deps.pool.query<{ job_id: string; merged_into: string | null }>(
            'select job_id, merged_into from job_fingerprints where job_id = any($1::uuid[])',
            [[params.id, body.into]],
          );
          const target = rows.find((r) => r.job_id === body.into);
          if (!target || !rows.some((r) => r.job_id === params.id)) throw notFound('Job not found');
          if (target.merged_into)
            throw new HttpError(
              'CONFLICT',
              'That job is merged into another: merge into the job it is shown as',
            );
          const { rows: linked } = await deps.pool.query<{ job_id: string }>(
            'select job_id from job_fingerprints where merged_into = $1',
            [params.id],
          );
          const events: string[] = [];
          let position = null;
          try {
            for (const jobId of [params.id, ...linked.map((l) => l.job_id)]) {
              if (jobId === body.into) continue;
              const result = await runOnJob(
                deps.store,
                jobId,
                duplicateDecider,
                { type: 'MergeJob', jobId, canonicalId: body.into, reason: 'duplicate', score: 1 },
                { metadata: adminMetadata(ctx) },
              );
              if (jobId === params.id) events.push(...result.events.map((e) => e.type));
              position = result.position ?? position;
            }
          } catch (err) {
            if (err instanceof JobRuleError) throw new HttpError(err.code, err.message);
            throw err;
          }
          await caughtUp(deps, position, [JOBS_PROJECTION, DUPLICATES_PROJECTION]);
          ctx.body = { ok: true, events };
        }),
      );
      admin.post(
        '/api/admin/jobs/:id/unmerge',
        validated({ params: JobIdParam, body: UnmergeBody }, async (ctx, { params, body }) => {
          try {
            const result = await runOnJob(
              deps.store,
              params.id,
              duplicateDecider,
              { type: 'UnmergeJob', jobId: params.id },
              {
                metadata: adminMetadata(ctx),
                ...(body.expectedRevision !== undefined ? { expectedRevision: body.expectedRevision } : {}),
              },
            );
            await caughtUp(deps, result.position, [JOBS_PROJECTION, DUPLICATES_PROJECTION]);
            ctx.body = { ok: true, events: result.events.map((e) => e.type) };
          } catch (err) {
            if (err instanceof JobRuleError) throw new HttpError(err.code, err.message);
            if (err instanceof WrongExpectedVersionError && err.actual === 'no_stream')
              throw notFound('Job not found');
            throw err;
          }
        }),
      );
    },
  };
}
