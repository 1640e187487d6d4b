import type Koa from 'koa';
import type Router from '@koa/router';
import { z } from 'zod';
import {
  ConfirmAlertRequest,
  JobAlertRequest,
  type JobAlertResponse,
  type UserJobAlert,
} from '@jobs/contracts';
import type { Position } from '@jobs/contracts/eventstore';
import { JOB_ALERTS_PROJECTION, type JobAlertRow } from '@jobs/projections/alerts/index';
import type { AppDeps, Feature } from '../../http/app';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import type { CommandMetadata } from '../../commands/handle';
import { currentUser, requireUser, userOf } from '../auth/guards';
import { runAlertCommand } from './commands';
import { alertIdFor, normaliseCriteria, AlertIdParam } from './criteria';
import { ALERT_MESSAGES } from './decide';
import { ALERT_LIMITS } from './limits';
import { alertPage, unsubscribeForm } from './pages';
import { alertLinkKeyFrom, verifyAlertToken, type AlertTokenPurpose } from './tokens';

export const ALERT_SUBSCRIBED_MESSAGE = 'Please check your email to confirm your subscription.';
export const ALERT_ACTIVE_MESSAGE = 'Your job alert is active.';
export const ALERT_ALREADY_SUBSCRIBED_MESSAGE = 'You are already subscribed to this job alert.';
const INVALID_LINK = 'This link is not valid. Please use the link from your latest e-mail.';
const READ_YOUR_WRITES_MS = 5000;

function metadataOf(ctx: Koa.Context, actor: string): CommandMetadata {
  const requestId = ctx.state.requestId as string | undefined;
  return { actor, causationId: requestId, correlationId: requestId };
}

async function caughtUp(deps: AppDeps, position: Position | null): Promise<void> {
  if (position && deps.projections)
    await deps.projections.waitForPosition(position, READ_YOUR_WRITES_MS, [JOB_ALERTS_PROJECTION]);
}

function toUserAlert(row: JobAlertRow, now: Date): UserJobAlert {
  const expired = row.status === 'pending' && row.expires_at.getTime() < now.getTime();
  return {
    id: row.alert_id,
    email: row.email,
    title: row.title,
    location: row.location,
    experienceLevel: row.experience_level,
    type: row.type,
    salary: row.salary,
    isRemote: row.is_remote,
    frequency: row.frequency,
    status: expired ? 'expired' : row.status,
    createdAt: row.subscribed_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    lastDigestAt: row.last_digest_at?.toISOString() ?? null,
  };
}

/** Like validated(), but the message is the field's own (spec section 5: 'Please enter a valid email address'), which the form's toast shows. */
function parseAlertRequest(raw: unknown) {
  const result = JobAlertRequest.safeParse(raw ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({
    path: i.path.map(String).join('.') || 'body',
    message: i.message,
  }));
  throw badRequest(issues[0]!.message, issues);
}

/**
 * Starts the double opt-in for an alert (the site's form and the MCP alert tool): both rate limits, then the
 * subscription; the confirmation-mail reactor sends the only e-mail until the link in it is followed. A signed-in
 * user whose verified address it is gets the alert at once.
 */
export async function subscribeToAlert(
  deps: AppDeps,
  ctx: Koa.Context,
  raw: unknown,
): Promise<{ created: boolean; answer: JobAlertResponse }> {
  const body = parseAlertRequest(raw);
  await deps.rateLimiter.hit(ALERT_LIMITS.subscribePerIp, ctx.ip);
  await deps.rateLimiter.hit(ALERT_LIMITS.subscribePerAddress, body.email);
  const criteria = normaliseCriteria(body);
  const alertId = alertIdFor(body.email, criteria);
  const user = currentUser(ctx);
  const result = await runAlertCommand(
    deps.store,
    alertId,
    {
      type: 'SubscribeToAlert',
      alertId,
      email: body.email,
      userId: user?.id ?? null,
      criteria,
      frequency: body.frequency,
      addressVerified: Boolean(user?.isVerified && user.email.toLowerCase() === body.email),
    },
    metadataOf(ctx, user ? `user:${user.id}` : 'anonymous'),
  );
  await caughtUp(deps, result.position);
  const confirmed = result.state.status === 'confirmed';
  return {
    created: result.newEvents.length > 0,
    answer: {
      id: alertId,
      status: confirmed ? 'confirmed' : 'pending',
      message:
        result.newEvents.length === 0
          ? ALERT_ALREADY_SUBSCRIBED_MESSAGE
          : confirmed
            ? ALERT_ACTIVE_MESSAGE
            : ALERT_SUBSCRIBED_MESSAGE,
    },
  };
}

export const TokenParam = z.object({ token: z.string().max(200) });

function html(ctx: Koa.Context, status: number, page: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  // The token is in the URL: never hand it to another site.
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = page;
}

export function alertRoutes(router: Router, deps: AppDeps): void {
  const { store } = deps;
  const linkKey = deps.serverSecret ? alertLinkKeyFrom(deps.serverSecret) : null;

  function alertIdOfToken(token: string, purpose: AlertTokenPurpose): string | null {
    if (!linkKey) throw new HttpError('SERVICE_UNAVAILABLE', 'Job alerts are not configured');
    return verifyAlertToken(linkKey, token, purpose);
  }

  async function confirm(ctx: Koa.Context, token: string) {
    const alertId = alertIdOfToken(token, 'confirm');
    if (!alertId) throw notFound(INVALID_LINK);
    const result = await runAlertCommand(
      store,
      alertId,
      { type: 'ConfirmAlert' },
      metadataOf(ctx, 'anonymous:link'),
    );
    await caughtUp(deps, result.position);
    return alertId;
  }

  router.post('/api/job-alerts', async function subscribeToJobAlert(ctx) {
    const { created, answer } = await subscribeToAlert(deps, ctx, ctx.request.body);
    ctx.status = created ? 201 : 200;
    ctx.body = answer;
  });

  router.post(
    '/api/job-alerts/confirm',
    validated({ body: ConfirmAlertRequest }, async (ctx, { body }) => {
      const id = await confirm(ctx, body.token);
      ctx.body = { id, status: 'confirmed', message: ALERT_ACTIVE_MESSAGE };
    }),
  );

  router.get(
    '/alerts/confirm/:token',
    validated({ params: TokenParam }, async (ctx, { params }) => {
      try {
        await confirm(ctx, params.token);
        html(
          ctx,
          200,
          alertPage({
            title: 'Job alert confirmed',
            message: "You're subscribed. We'll e-mail you new jobs that match your alert.",
          }),
        );
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        html(ctx, err.status, alertPage({ title: 'Could not confirm your job alert', message: err.message }));
      }
    }),
  );

  router.get(
    '/unsubscribe/:token',
    validated({ params: TokenParam }, async (ctx, { params }) => {
      if (!alertIdOfToken(params.token, 'unsubscribe'))
        return html(ctx, 404, alertPage({ title: 'Unsubscribe', message: INVALID_LINK }));
      html(
        ctx,
        200,
        alertPage({
          title: 'Unsubscribe from job alerts',
          message: 'Stop receiving this job alert? You can subscribe again at any time.',
          body: unsubscribeForm(`/unsubscribe/${params.token}`),
        }),
      );
    }),
  );

  // RFC 8058 one-click (the mailbox provider POSTs 'List-Unsubscribe=One-Click') and the page's button:
  // no sign-in, no further confirmation, honoured at once.
  router.post(
    '/unsubscribe/:token',
    validated({ params: TokenParam }, async (ctx, { params }) => {
      const alertId = alertIdOfToken(params.token, 'unsubscribe');
      if (!alertId) return html(ctx, 404, alertPage({ title: 'Unsubscribe', message: INVALID_LINK }));
      const fromPage = (ctx.get('origin') || ctx.get('referer')).startsWith(deps.config.publicUrl);
      const result = await runAlertCommand(
        store,
        alertId,
        { type: 'UnsubscribeFromAlert', via: fromPage ? 'link' : 'one-click' },
        metadataOf(ctx, 'anonymous:link'),
      );
      await caughtUp(deps, result.position);
      html(
        ctx,
        200,
        alertPage({
          title: 'You have been unsubscribed',
          message: 'You will not receive this job alert any more.',
        }),
      );
    }),
  );

  async function ownAlerts(ctx: Koa.Context, id?: string): Promise<JobAlertRow[]> {
    const me = userOf(ctx);
    // Alerts subscribed while signed in, and those of the account's verified address that its owner
    // confirmed. Not pending ones someone else made for her address: anyone may type it into the form,
    // so their text is a stranger's until she confirms by the mailed link (the double opt-in).
    const { rows } = await deps.pool.query<JobAlertRow>(
      `select * from job_alerts
       where (user_id = $1 or ($2::boolean and email = $3 and status = 'confirmed')) and status <> 'unsubscribed'
         and ($4::uuid is null or alert_id = $4::uuid)
       order by subscribed_at desc`,
      [me.id, me.isVerified, me.email.toLowerCase(), id ?? null],
    );
    return rows;
  }

  router.get('/api/user/job-alerts', requireUser, async function userJobAlerts(ctx) {
    ctx.set('Cache-Control', 'no-store');
    const now = new Date();
    ctx.body = (await ownAlerts(ctx)).map((row) => toUserAlert(row, now));
  });

  router.delete(
    '/api/user/job-alerts/:id',
    requireUser,
    validated({ params: AlertIdParam }, async (ctx, { params }) => {
      if ((await ownAlerts(ctx, params.id)).length === 0) throw notFound(ALERT_MESSAGES.notFound);
      const result = await runAlertCommand(
        store,
        params.id,
        { type: 'UnsubscribeFromAlert', via: 'user' },
        metadataOf(ctx, `user:${userOf(ctx).id}`),
      );
      await caughtUp(deps, result.position);
      ctx.body = { ok: true };
    }),
  );
}

export function alertsFeature(): Feature {
  return {
    name: 'alerts',
    routes: alertRoutes,
    originExempt: (path) => path.startsWith('/unsubscribe/'),
  };
}
