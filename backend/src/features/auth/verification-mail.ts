import type pg from 'pg';
import type { EventStore, RecordedEvent } from '@jobs/contracts/eventstore';
import { userStreamId, type EmailVerificationRequested, type UserEvent } from '@jobs/contracts/users';
import type { ExternalProjection } from '@jobs/projections';
import type { Logger } from '../../logger';
import type { MailMessage, Mailer } from '../../mail/mailer';
import { evolveUser, initialUserState } from '../users/user';
import { verificationCode } from './secret';

export const VERIFICATION_MAIL_REACTOR = 'verification-mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function verificationMail(input: {
  to: string;
  username: string;
  code: string;
  publicUrl: string;
}): MailMessage {
  const link = `${input.publicUrl}/verify-email`;
  return {
    to: input.to,
    subject: 'Your verification code',
    text: [
      `Hi ${input.username},`,
      '',
      `Your verification code is ${input.code}`,
      '',
      `Enter it at ${link} within 15 minutes.`,
      'If you did not create an account, you can ignore this e-mail.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>Hi ${escapeHtml(input.username)},</p>
<p>Your verification code is</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${input.code}</p>
<p>Enter it at <a href="${escapeHtml(link)}">${escapeHtml(link)}</a> within 15 minutes.</p>
<p style="color:#666">If you did not create an account, you can ignore this e-mail.</p>
</body></html>`,
  };
}

export interface VerificationMailOptions {
  store: EventStore;
  pool: pg.Pool;
  mailer: Mailer;
  codeKey: Buffer;
  publicUrl: string;
  logger: Logger;
}

/**
 * The reactor that mails verification codes: it follows EmailVerificationRequested like a
 * projection (own checkpoint), computes the code from the request id, and records each event id it
 * has mailed, so a replayed batch sends nothing twice. Requests already expired, superseded by a
 * newer one, or of a verified user are skipped (also what makes a rebuild harmless).
 */
export function verificationMailReactor(options: VerificationMailOptions): ExternalProjection {
  const log = options.logger.child({ component: VERIFICATION_MAIL_REACTOR });

  async function mailOne(event: RecordedEvent): Promise<void> {
    const request = event.data as EmailVerificationRequested;
    if (Date.parse(request.expiresAt) <= Date.now()) return;
    const done = await options.pool.query('select 1 from mail_sent where event_id = $1', [event.id]);
    if (done.rowCount) return;

    const history = await options.store.readStream(event.streamId);
    const state = history.reduce(
      (s, e) => evolveUser(s, { type: e.type, data: e.data } as UserEvent),
      initialUserState(),
    );
    if (
      state.status !== 'registered' ||
      state.verifiedAt ||
      state.verification?.requestId !== request.requestId
    )
      return;

    const code = verificationCode(options.codeKey, request.requestId);
    await options.mailer.send(
      verificationMail({ to: state.email, username: state.username, code, publicUrl: options.publicUrl }),
    );
    await options.pool.query('insert into mail_sent (event_id) values ($1) on conflict do nothing', [
      event.id,
    ]);
    log.info({ userId: state.userId, requestId: request.requestId }, 'verification code mailed');
  }

  return {
    kind: 'external',
    name: VERIFICATION_MAIL_REACTOR,
    eventTypes: ['EmailVerificationRequested'],
    async setup() {
      await options.pool.query(
        'create table if not exists mail_sent (event_id text primary key, sent_at timestamptz not null default now())',
      );
    },
    async handleBatch(events) {
      for (const event of events) {
        if (!event.streamId.startsWith(userStreamId(''))) continue;
        await mailOne(event);
      }
    },
  };
}
