/**
 * Company profiles in the admin (issue 24 §2, docs/security.md "Trust between sources"):
 * - `PUT /api/admin/companies/:slug`: the company's own profile, set by an admin; other sources then keep
 *   off those fields (ingestion/company.ts).
 * - `GET /api/admin/companies/:slug/history`: every change, newest first, with who made it and which fields.
 * - `POST /api/admin/companies/:slug/undo {eventId}`: takes one change back (its fields return to what they
 *   were before it, with their former owners), as a new event by the admin.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  COMPANY_PROFILE_FIELDS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type CompanyProfileField,
  type CompanyProfileUpdated,
  type RecordedEvent,
} from '@jobs/contracts';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/index';
import type { AppDeps } from '../../http/app';
import { conflict, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { handleCommand } from '../../commands/handle';
import { companyDecider, companyStreamId } from '../ingestion/company';
import { adminMetadata, caughtUp } from './context';
import type { AdminRouter } from './guarded';

const SlugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,200}$/, 'Must be a company slug') });
const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .url('Must be a URL')
  .refine((u) => /^https?:\/\//i.test(u), 'Must be an http(s) URL')
  // As the normaliser writes the jobs' URLs, so the two compare equal.
  .transform((u) => new URL(u).toString());
const ProfileBody = z
  .object({
    description: z.string().trim().min(1).max(20_000).optional(),
    size: z.string().trim().min(1).max(50).optional(),
    founded: z.number().int().min(1600).max(2100).optional(),
    industry: z.string().trim().min(1).max(200).optional(),
    website: httpsUrl.optional(),
    logo: httpsUrl.optional(),
  })
  .strict();
const UndoBody = z.object({ eventId: z.string().uuid('Must be an event id') });

export interface CompanyChange {
  eventId: string;
  revision: number;
  at: string;
  /** 'admin', 'seed', the ingestion source's name, or its id when the read model does not know it. */
  changedBy: string;
  /** The fields this change set (all of them for the first event). */
  changed: CompanyProfileField[];
  undoOf: string | null;
  website: string | null;
  logo: string | null;
  description: string | null;
  size: string | null;
  founded: number | null;
  industry: string | null;
}

async function readProfileEvents(deps: AppDeps, slug: string): Promise<RecordedEvent[]> {
  try {
    return (await deps.store.readStream(companyStreamId(slug))).filter(
      (e) => e.type === 'CompanyProfileUpdated',
    );
  } catch (err) {
    if (!(err instanceof StreamNotFoundError)) throw err;
    // A company the board lists whose profile nobody has set yet has no changes (its job page asks);
    // only a slug the board does not know is a 404.
    const { rowCount } = await deps.pool.query('select 1 from companies where slug = $1', [slug]);
    if (rowCount) return [];
    throw notFound('Company not found');
  }
}

function changedFields(
  before: CompanyProfileUpdated | null,
  after: CompanyProfileUpdated,
): CompanyProfileField[] {
  return COMPANY_PROFILE_FIELDS.filter((f) => (before?.[f] ?? null) !== (after[f] ?? null));
}

async function history(deps: AppDeps, slug: string): Promise<CompanyChange[]> {
  const events = await readProfileEvents(deps, slug);
  const { rows } = await deps.pool.query<{ id: string; name: string }>(
    'select id, name from ingestion_sources',
  );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  let before: CompanyProfileUpdated | null = null;
  const changes: CompanyChange[] = [];
  for (const e of events) {
    const d = e.data as CompanyProfileUpdated;
    const actor = typeof e.metadata?.actor === 'string' ? e.metadata.actor : 'unknown';
    const by = d.changedBy ?? actor.replace(/^source:/, '');
    changes.push({
      eventId: e.id,
      revision: e.revision,
      at: typeof e.metadata?.at === 'string' ? e.metadata.at : e.recordedAt,
      changedBy: names.get(by) ?? by,
      changed: changedFields(before, d),
      undoOf: d.undoOf ?? null,
      website: d.website,
      logo: d.logo,
      description: d.description,
      size: d.size,
      founded: d.founded,
      industry: d.industry,
    });
    before = d;
  }
  return changes.reverse();
}

export function adminCompanyRoutes(admin: AdminRouter, deps: AppDeps): void {
  admin.get(
    '/api/admin/companies/:slug/history',
    validated({ params: SlugParam }, async (ctx, { params }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await history(deps, params.slug);
    }),
  );

  admin.put(
    '/api/admin/companies/:slug',
    validated({ params: SlugParam, body: ProfileBody }, async (ctx, { params, body }) => {
      const { rows } = await deps.pool.query<{ name: string }>('select name from companies where slug = $1', [
        params.slug,
      ]);
      const name = rows[0]?.name;
      if (!name) throw notFound('Company not found');
      const result = await handleCommand(
        deps.store,
        companyStreamId(params.slug),
        companyDecider,
        {
          type: 'UpdateCompanyProfile',
          companySlug: params.slug,
          company: name,
          ...body,
          ...(body.description ? { descriptionSource: 'company' as const } : {}),
          by: 'admin',
          own: true,
        },
        { metadata: adminMetadata(ctx) },
      );
      await caughtUp(deps, result.position, [JOBS_PROJECTION]);
      ctx.body = { ok: true, events: result.newEvents.map((e) => e.type) };
    }),
  );

  admin.post(
    '/api/admin/companies/:slug/undo',
    validated({ params: SlugParam, body: UndoBody }, async (ctx, { params, body }) => {
      const events = await readProfileEvents(deps, params.slug);
      const index = events.findIndex((e) => e.id === body.eventId);
      if (index < 0) throw notFound('No such change of this company');
      const target = events[index]!.data as CompanyProfileUpdated;
      const before = index > 0 ? (events[index - 1]!.data as CompanyProfileUpdated) : null;
      const last = events.at(-1)!;
      const current = last.data as CompanyProfileUpdated;
      // Only the fields this change set that no later change moved again.
      const fields = changedFields(before, target).filter((f) => current[f] === target[f]);
      if (fields.length === 0) throw conflict('Nothing to undo: later changes replaced this one');
      const next: CompanyProfileUpdated = { ...current, changedBy: 'admin', undoOf: body.eventId };
      const fieldSources = { ...(current.fieldSources ?? {}) };
      const owned = new Set(current.owned ?? []);
      for (const f of fields) {
        (next as Record<CompanyProfileField, unknown>)[f] = before?.[f] ?? null;
        if (f === 'description') next.descriptionSource = before?.descriptionSource ?? 'ats';
        const was = before?.fieldSources?.[f];
        if (was) fieldSources[f] = was;
        else delete fieldSources[f];
        if (before?.owned?.includes(f)) owned.add(f);
        else owned.delete(f);
      }
      next.fieldSources = fieldSources;
      next.owned = [...owned].sort();
      try {
        const result = await deps.store.append(
          companyStreamId(params.slug),
          [
            {
              id: crypto.randomUUID(),
              type: 'CompanyProfileUpdated',
              data: next,
              metadata: { ...adminMetadata(ctx), at: new Date().toISOString() },
            },
          ],
          { expectedRevision: last.revision },
        );
        await caughtUp(deps, result.position, [JOBS_PROJECTION]);
      } catch (err) {
        if (err instanceof WrongExpectedVersionError)
          throw conflict('The profile changed meanwhile; try again');
        throw err;
      }
      ctx.body = { ok: true, undone: fields };
    }),
  );
}
