import crypto from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { z } from 'zod';
import { SaveSearchRequest, savedSearchStreamId, type SavedSearch } from '@jobs/contracts';
import type { Position } from '@jobs/contracts/eventstore';
import { SAVED_SEARCHES_PROJECTION, type SavedSearchRow } from '@jobs/projections/saved-searches/index';
import type { AppDeps, Feature } from '../../http/app';
import { conflict, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { handleCommand } from '../../commands/handle';
import { requireUser, userOf } from '../auth/guards';
import { SavedSearchNotFoundError, savedSearchDecider, type SavedSearchCommand } from './decide';

const READ_YOUR_WRITES_MS = 5000;
/** Enough for anyone; keeps one account from growing a list without end. */
export const MAX_SAVED_SEARCHES = 50;

export const IdParam = z.object({ id: z.uuid() });

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    useCount: row.use_count,
  };
}

export function savedSearchRoutes(router: Router, deps: AppDeps): void {
  const caughtUp = async (position: Position | null) => {
    if (position && deps.projections)
      await deps.projections.waitForPosition(position, READ_YOUR_WRITES_MS, [SAVED_SEARCHES_PROJECTION]);
  };

  async function run(ctx: Koa.Context, id: string, command: SavedSearchCommand) {
    const requestId = ctx.state.requestId as string | undefined;
    try {
      const result = await handleCommand(deps.store, savedSearchStreamId(id), savedSearchDecider, command, {
        metadata: { actor: `user:${userOf(ctx).id}`, causationId: requestId, correlationId: requestId },
      });
      await caughtUp(result.position);
      return result;
    } catch (err) {
      if (err instanceof SavedSearchNotFoundError) throw notFound(err.message);
      throw err;
    }
  }

  async function rowsOf(userId: string, id?: string): Promise<SavedSearchRow[]> {
    const { rows } = await deps.pool.query<SavedSearchRow>(
      `select * from saved_searches where user_id = $1 and not deleted and ($2::uuid is null or id = $2::uuid)
       order by created_at desc, id limit ${MAX_SAVED_SEARCHES}`,
      [userId, id ?? null],
    );
    return rows;
  }

  router.get('/api/saved-searches', requireUser, async function listSavedSearches(ctx) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await rowsOf(userOf(ctx).id)).map(toSavedSearch);
  });

  router.post(
    '/api/saved-searches',
    requireUser,
    validated({ body: SaveSearchRequest }, async (ctx, { body }) => {
      const me = userOf(ctx);
      if ((await rowsOf(me.id)).length >= MAX_SAVED_SEARCHES) {
        throw conflict(`You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one first.`);
      }
      const id = crypto.randomUUID();
      const filters = Object.fromEntries(
        Object.entries(body.filters).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      await run(ctx, id, { type: 'SaveSearch', id, userId: me.id, name: body.name, filters });
      const [row] = await rowsOf(me.id, id);
      ctx.status = 201;
      ctx.body = row
        ? toSavedSearch(row)
        : {
            id,
            name: body.name,
            filters,
            createdAt: new Date().toISOString(),
            lastUsedAt: null,
            useCount: 0,
          };
    }),
  );

  router.delete(
    '/api/saved-searches/:id',
    requireUser,
    validated({ params: IdParam }, async (ctx, { params }) => {
      await run(ctx, params.id, { type: 'DeleteSavedSearch', userId: userOf(ctx).id });
      ctx.body = { ok: true };
    }),
  );

  router.post(
    '/api/saved-searches/:id/use',
    requireUser,
    validated({ params: IdParam }, async (ctx, { params }) => {
      const me = userOf(ctx);
      await run(ctx, params.id, { type: 'UseSavedSearch', userId: me.id });
      const [row] = await rowsOf(me.id, params.id);
      if (!row) throw notFound('Saved search not found');
      ctx.body = toSavedSearch(row);
    }),
  );
}

export function savedSearchesFeature(): Feature {
  return { name: 'saved-searches', routes: savedSearchRoutes };
}
