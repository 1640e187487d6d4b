/**
 * Admin users: list and search, one user (profile, verification state, alerts), and the named
 * commands change role (with the expected revision) and resend verification.
 */
import crypto from 'node:crypto';
import type { AdminRouter } from './guarded';
import { z } from 'zod';
import { Role, userStreamId } from '@jobs/contracts/users';
import { USERS_PROJECTION } from '@jobs/projections/users/users';
import { handleCommand } from '../../commands/handle';
import type { AppDeps } from '../../http/app';
import { badRequest, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { userOf } from '../auth/guards';
import { runUserCommand, userRuleHttpError } from '../users/commands';
import { MESSAGES, UserRuleError, userDecider } from '../users/decide';
import { adminMetadata, caughtUp } from './context';
import { parseListParams, sendList } from './rest';
import { getUser, listUsers, USER_SORTS, type UserSort } from './users-queries';

const UserIdParam = z.object({ id: z.string().min(1).max(100) });
const RoleBody = z.object({ role: Role, expectedRevision: z.number({ error: 'Required' }).int().min(0) });

export function adminUserRoutes(router: AdminRouter, deps: AppDeps): void {
  router.get('/api/admin/users', async function listAdminUsers(ctx) {
    const params = parseListParams<UserSort>(ctx.query, USER_SORTS, { field: 'registeredAt', order: 'desc' });
    const { rows, total } = await listUsers(deps.pool, params);
    sendList(ctx, 'users', params.offset, rows, total);
  });

  router.get(
    '/api/admin/users/:id',
    validated({ params: UserIdParam }, async (ctx, { params }) => {
      const user = await getUser(deps.pool, params.id);
      if (!user) throw notFound('User not found');
      ctx.set('Cache-Control', 'no-store');
      ctx.body = user;
    }),
  );

  router.post(
    '/api/admin/users/:id/role',
    validated({ params: UserIdParam, body: RoleBody }, async (ctx, { params, body }) => {
      // An admin demoting themself could leave nobody to undo it.
      if (params.id === userOf(ctx).id)
        throw badRequest('You cannot change your own role', [{ path: 'id', message: 'is your own account' }]);
      if (!(await getUser(deps.pool, params.id))) throw notFound('User not found');
      const metadata = adminMetadata(ctx);
      try {
        const result = await handleCommand(
          deps.store,
          userStreamId(params.id),
          userDecider,
          { type: 'ChangeRole', role: body.role, by: metadata.actor },
          { metadata, expectedRevision: body.expectedRevision },
        );
        await caughtUp(deps, result.position, [USERS_PROJECTION]);
      } catch (err) {
        if (err instanceof UserRuleError) throw userRuleHttpError(err);
        throw err;
      }
      ctx.body = await getUser(deps.pool, params.id);
    }),
  );

  router.post(
    '/api/admin/users/:id/resend-verification',
    validated({ params: UserIdParam }, async (ctx, { params }) => {
      const user = await getUser(deps.pool, params.id);
      if (!user) throw notFound('User not found');
      if (user.isVerified)
        throw badRequest(MESSAGES.alreadyVerified, [{ path: 'id', message: MESSAGES.alreadyVerified }]);
      // The mail reactor sends the code of the new request, as for the user's own resend.
      const result = await runUserCommand(
        deps.store,
        params.id,
        { type: 'RequestEmailVerification', requestId: crypto.randomUUID() },
        adminMetadata(ctx),
      );
      await caughtUp(deps, result.position, [USERS_PROJECTION]);
      ctx.body = await getUser(deps.pool, params.id);
    }),
  );
}
