import type pg from 'pg';
import { alertStreamId, type JobAlertEvent, type JobAlertSubscribed } from '@jobs/contracts';
import type { EventStore, RecordedEvent } from '@jobs/contracts/eventstore';
import type { ExternalProjection } from '@jobs/projections';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { evolveAlert, initialAlertState } from './alert';
import { alertLinks } from './links';
import { confirmationMail } from './mail';

export const ALERT_CONFIRMATION_MAIL_REACTOR = 'alert-confirmation-mail';

export interface ConfirmationMailOptions {
  store: EventStore;
  pool: pg.Pool;
  mailer: Mailer;
  linkKey: Buffer;
  publicUrl: string;
  logger: Logger;
}

/**
 * Mails the double opt-in link for each JobAlertSubscribed, like the verification-mail reactor: own
 * checkpoint, and each event id it has mailed recorded, so a replayed batch sends nothing twice.
 * A subscription already confirmed (a signed-in, verified owner), superseded, unsubscribed or past its
 * 72 hours gets no mail (which also makes a rebuild harmless).
 */
export function alertConfirmationMailReactor(options: ConfirmationMailOptions): ExternalProjection {
  const log = options.logger.child({ component: ALERT_CONFIRMATION_MAIL_REACTOR });

  async function mailOne(event: RecordedEvent): Promise<void> {
    const subscribed = event.data as JobAlertSubscribed;
    if (Date.parse(subscribed.expiresAt) <= Date.now()) return;
    const done = await options.pool.query('select 1 from alert_mail_sent where event_id = $1', [event.id]);
    if (done.rowCount) return;

    const history = await options.store.readStream(event.streamId);
    const latest = history.filter((e) => e.type === 'JobAlertSubscribed').at(-1);
    const state = history.reduce(
      (s, e) => evolveAlert(s, { type: e.type, data: e.data } as JobAlertEvent),
      initialAlertState(),
    );
    if (state.status !== 'pending' || latest?.id !== event.id) return;

    const links = alertLinks(options.publicUrl, options.linkKey, state.alertId);
    await options.mailer.send(
      confirmationMail({ to: state.email, criteria: state.criteria, confirmUrl: links.confirmUrl, links }),
    );
    await options.pool.query('insert into alert_mail_sent (event_id) values ($1) on conflict do nothing', [
      event.id,
    ]);
    log.info({ alertId: state.alertId }, 'alert confirmation mailed');
  }

  return {
    kind: 'external',
    name: ALERT_CONFIRMATION_MAIL_REACTOR,
    eventTypes: ['JobAlertSubscribed'],
    async setup() {
      await options.pool.query(
        'create table if not exists alert_mail_sent (event_id text primary key, sent_at timestamptz not null default now())',
      );
    },
    async handleBatch(events) {
      for (const event of events) {
        if (!event.streamId.startsWith(alertStreamId(''))) continue;
        await mailOne(event);
      }
    },
  };
}
