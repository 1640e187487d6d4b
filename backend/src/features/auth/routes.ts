import crypto from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import type { Position } from '@jobs/contracts/eventstore';
import {
  ChangePasswordRequest,
  LoginRequest,
  RegisterRequest,
  UpdateProfileRequest,
  VerifyEmailRequest,
  VERIFICATION_MAX_FAILED_TRIES,
  emailReservationStreamId,
  usernameReservationStreamId,
} from '@jobs/contracts/users';
import { USERS_PROJECTION, type UserRow } from '@jobs/projections/users/users';
import type { AppDeps, Feature } from '../../http/app';
import { HttpError, badRequest, conflict, unauthorized } from '../../http/errors';
import { validated } from '../../http/validate';
import { devOutboxRoutes } from '../../mail/routes';
import type { CommandMetadata } from '../../commands/handle';
import { MESSAGES } from '../users/decide';
import { release, reserve, runUserCommand } from '../users/commands';
import type { UserState } from '../users/user';
import { requireUser, userOf } from './guards';
import { LIMITS } from './limits';
import { LoginThrottle } from './login-throttle';
import { DEVICE_COOKIE, DeviceCookies, UNLOCK_SENT, UnlockRequest, unlockMail } from './device-cookie';
import {
  WEAK_PASSWORD_MESSAGE,
  dummyPasswordHash,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './password';
import { codeKeyFrom, verificationCode } from './secret';
import { endOtherSessions, signIn, signOut, toAuthUser, type AuthUser } from './session';

export const INVALID_CREDENTIALS = 'Invalid username or password';
const READ_YOUR_WRITES_MS = 5000;

function metadataOf(ctx: Koa.Context, actor: string): CommandMetadata {
  const requestId = ctx.state.requestId as string | undefined;
  return { actor, causationId: requestId, correlationId: requestId };
}

function userFromState(state: UserState): AuthUser {
  if (state.status !== 'registered') throw new Error('user stream is empty');
  return {
    id: state.userId,
    username: state.username,
    email: state.email,
    firstName: state.firstName,
    lastName: state.lastName,
    role: state.role,
    isVerified: state.verifiedAt !== null,
  };
}

async function findForLogin(deps: AppDeps, identifier: string): Promise<UserRow | null> {
  const { rows } = await deps.pool.query<UserRow>(
    `select * from users where lower(username) = lower($1) or email = lower($1)
     order by (lower(username) = lower($1)) desc limit 1`,
    [identifier],
  );
  return rows[0] ?? null;
}

/** Read-your-writes: the next request loads the user from the read model. */
async function caughtUp(deps: AppDeps, position: Position | null): Promise<void> {
  if (position && deps.projections)
    await deps.projections.waitForPosition(position, READ_YOUR_WRITES_MS, [USERS_PROJECTION]);
}

function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw badRequest(WEAK_PASSWORD_MESSAGE, [{ path: field, message: WEAK_PASSWORD_MESSAGE }]);
}

export function authRoutes(router: Router, deps: AppDeps): void {
  const { store, rateLimiter } = deps;
  const loginThrottle = new LoginThrottle(deps.pool);
  const devices = deps.serverSecret ? new DeviceCookies(deps.serverSecret) : null;
  const codeKey = deps.serverSecret ? codeKeyFrom(deps.serverSecret) : null;

  router.get('/api/user', async function getUser(ctx) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = userOf(ctx);
  });

  router.post(
    '/api/register',
    validated({ body: RegisterRequest }, async (ctx, { body }) => {
      await rateLimiter.hit(LIMITS.registerPerIp, ctx.ip);
      refuseCommonPassword(body.password, 'password');
      const userId = crypto.randomUUID();
      const metadata = metadataOf(ctx, `user:${userId}`);
      const usernameStream = usernameReservationStreamId(body.username);
      if (!(await reserve(store, usernameStream, userId, body.username, metadata)))
        throw conflict('Username already exists');
      if (!(await reserve(store, emailReservationStreamId(body.email), userId, body.email, metadata))) {
        await release(store, usernameStream, userId, metadata);
        throw conflict('Email already registered');
      }
      const result = await runUserCommand(
        store,
        userId,
        {
          type: 'RegisterUser',
          userId,
          username: body.username,
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          passwordHash: await hashPassword(body.password),
          verificationRequestId: crypto.randomUUID(),
        },
        metadata,
      );
      await caughtUp(deps, result.position);
      const user = userFromState(result.state);
      await signIn(ctx, user);
      ctx.status = 201;
      ctx.body = user;
    }),
  );

  router.post(
    '/api/login',
    validated({ body: LoginRequest }, async (ctx, { body }) => {
      await rateLimiter.hit(LIMITS.loginPerIp, ctx.ip);
      const row = await findForLogin(deps, body.username);
      // Username and e-mail name one account, so they share one guessing budget; a name nobody has is
      // throttled the same way, so answers do not tell which names exist.
      const account = row ? `user:${row.id}` : `name:${body.username.trim().toLowerCase()}`;
      // A browser this account signed in from before has its own budget, outside the per-account ceiling.
      const device = row && devices ? devices.read(ctx.cookies.get(DEVICE_COOKIE), row.id) : null;
      if (device) await loginThrottle.attemptFromDevice(account, device);
      else await loginThrottle.attempt(account, ctx.ip);
      // A missing user costs a hash check too, so timing does not tell which usernames exist.
      const ok = await verifyPassword(body.password, row?.password_hash ?? (await dummyPasswordHash()));
      if (!row || !ok) throw unauthorized(INVALID_CREDENTIALS);
      if (device) await loginThrottle.succeededFromDevice(account, device);
      else await loginThrottle.succeeded(account, ctx.ip);
      const user = toAuthUser(row);
      await signIn(ctx, user);
      devices?.issue(ctx, row.id, device ?? undefined);
      ctx.body = user;
    }),
  );

  // The owner locked out on a new browser: a link by e-mail makes this browser a trusted device.
  router.post(
    '/api/login/unlock',
    validated({ body: UnlockRequest }, async (ctx, { body }) => {
      await rateLimiter.hit(LIMITS.unlockPerIp, ctx.ip);
      const row = await findForLogin(deps, body.username);
      if (row && devices && deps.mailer) {
        const allowed = await rateLimiter
          .hit(LIMITS.unlockPerAccount, row.id)
          .then(() => true)
          .catch(() => false);
        if (allowed) {
          const link = `${deps.config.publicUrl}/api/login/unlock/${devices.unlockToken(row.id)}`;
          await deps.mailer
            .send(unlockMail({ to: row.email, username: row.username, link }))
            .catch((err: unknown) => deps.logger.warn({ err, userId: row.id }, 'unlock mail failed'));
        }
      }
      ctx.status = 202;
      ctx.body = { ok: true, message: UNLOCK_SENT };
    }),
  );

  router.get('/api/login/unlock/:token', async function unlock(ctx) {
    const userId = devices?.readUnlockToken(String(ctx.params.token ?? ''));
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    if (userId) devices!.issue(ctx, userId);
    ctx.status = 303;
    ctx.redirect(`/login?unlocked=${userId ? '1' : '0'}`);
    ctx.status = 303;
  });

  router.post('/api/logout', async function logout(ctx) {
    signOut(ctx);
    ctx.body = { ok: true };
  });

  router.post(
    '/api/verify-email',
    requireUser,
    validated({ body: VerifyEmailRequest }, async (ctx, { body }) => {
      if (!codeKey) throw new HttpError('SERVICE_UNAVAILABLE', 'Verification is not configured');
      const me = userOf(ctx);
      await rateLimiter.hit(LIMITS.verifyPerUser, me.id);
      const result = await runUserCommand(
        store,
        me.id,
        {
          type: 'VerifyEmail',
          code: body.code,
          codeFor: (requestId) => verificationCode(codeKey, requestId),
          adminEmails: deps.config.adminEmails,
        },
        metadataOf(ctx, `user:${me.id}`),
      );
      await caughtUp(deps, result.position);
      if (result.newEvents.some((e) => e.type === 'EmailVerificationFailed')) {
        const tries =
          result.state.status === 'registered' ? (result.state.verification?.failedTries ?? 0) : 0;
        const message =
          tries >= VERIFICATION_MAX_FAILED_TRIES ? MESSAGES.tooManyAttempts : MESSAGES.invalidCode;
        throw badRequest(message, [{ path: 'code', message }]);
      }
      const user = userFromState(result.state);
      ctx.state.user = user;
      ctx.body = { user };
    }),
  );

  router.post('/api/resend-verification', requireUser, async function resendVerification(ctx) {
    const me = userOf(ctx);
    if (me.isVerified)
      throw badRequest(MESSAGES.alreadyVerified, [{ path: 'user', message: MESSAGES.alreadyVerified }]);
    await rateLimiter.hit(LIMITS.resendPerMinute, me.id);
    await rateLimiter.hit(LIMITS.resendPerHour, me.id);
    const result = await runUserCommand(
      store,
      me.id,
      { type: 'RequestEmailVerification', requestId: crypto.randomUUID() },
      metadataOf(ctx, `user:${me.id}`),
    );
    await caughtUp(deps, result.position);
    ctx.body = { ok: true };
  });

  router.patch(
    '/api/user',
    requireUser,
    validated({ body: UpdateProfileRequest }, async (ctx, { body }) => {
      const me = userOf(ctx);
      const result = await runUserCommand(
        store,
        me.id,
        { type: 'UpdateProfile', firstName: body.firstName, lastName: body.lastName },
        metadataOf(ctx, `user:${me.id}`),
      );
      await caughtUp(deps, result.position);
      ctx.body = userFromState(result.state);
    }),
  );

  router.post(
    '/api/user/password',
    requireUser,
    validated({ body: ChangePasswordRequest }, async (ctx, { body }) => {
      const me = userOf(ctx);
      await rateLimiter.hit(LIMITS.passwordChangePerUser, me.id);
      const { rows } = await deps.pool.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [me.id],
      );
      if (!rows[0] || !(await verifyPassword(body.currentPassword, rows[0].password_hash))) {
        throw badRequest('Current password is incorrect', [
          { path: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      }
      refuseCommonPassword(body.newPassword, 'newPassword');
      const result = await runUserCommand(
        store,
        me.id,
        { type: 'ChangePassword', passwordHash: await hashPassword(body.newPassword) },
        metadataOf(ctx, `user:${me.id}`),
      );
      await caughtUp(deps, result.position);
      await endOtherSessions(ctx, deps.pool, me.id);
      ctx.body = { ok: true };
    }),
  );

  devOutboxRoutes(router, deps.mailer, deps.config.env);
}

export function authFeature(): Feature {
  return { name: 'auth', routes: authRoutes };
}
