import type { RecordedEvent } from '@jobs/contracts/eventstore';
import { JOB_ALERT_EVENT_TYPES, type JobAlertEvent } from '@jobs/contracts/alerts';
import type { SqlProjection } from '../projection';

/**
 * The `job_alerts` read model: one row per alert stream, for the digest scheduler (confirmed alerts
 * by frequency) and a user's list on /profile. Each row keeps the stream revision it has applied.
 */
export const JOB_ALERTS_PROJECTION = 'job-alerts';

export interface JobAlertRow {
  alert_id: string;
  email: string;
  user_id: string | null;
  title: string | null;
  location: string | null;
  experience_level: string | null;
  type: string | null;
  salary: string | null;
  is_remote: boolean;
  frequency: 'daily' | 'weekly';
  status: 'pending' | 'confirmed' | 'unsubscribed';
  subscribed_at: Date;
  expires_at: Date;
  confirmed_at: Date | null;
  last_digest_at: Date | null;
  last_period_end: Date | null;
  revision: number;
}

const migrations = [
  `create table if not exists job_alerts (
     alert_id uuid primary key,
     email text not null,
     user_id text,
     title text,
     location text,
     experience_level text,
     type text,
     salary text,
     is_remote boolean not null,
     frequency text not null,
     status text not null check (status in ('pending', 'confirmed', 'unsubscribed')),
     subscribed_at timestamptz not null,
     expires_at timestamptz not null,
     confirmed_at timestamptz,
     last_digest_at timestamptz,
     last_period_end timestamptz,
     revision integer not null
   )`,
  `create index if not exists job_alerts_confirmed on job_alerts (frequency, alert_id) where status = 'confirmed'`,
  `create index if not exists job_alerts_user on job_alerts (user_id, subscribed_at desc)`,
];

const alertIdOf = (event: RecordedEvent) => event.streamId.slice('alert-'.length);

export function jobAlertsProjection(): SqlProjection {
  return {
    name: JOB_ALERTS_PROJECTION,
    eventTypes: JOB_ALERT_EVENT_TYPES,
    tables: ['job_alerts'],
    migrations,
    async handle(recorded, tx) {
      if (!recorded.streamId.startsWith('alert-')) return;
      const event = { type: recorded.type, data: recorded.data } as JobAlertEvent;
      const id = alertIdOf(recorded);
      const update = async (set: string, values: unknown[]) => {
        const n = values.length;
        await tx.query(
          `update job_alerts set ${set}, revision = $${n + 1} where alert_id = $${n + 2} and revision < $${n + 1}`,
          [...values, recorded.revision, id],
        );
      };
      switch (event.type) {
        case 'JobAlertSubscribed': {
          const d = event.data;
          const c = d.criteria;
          await tx.query(
            `insert into job_alerts (alert_id, email, user_id, title, location, experience_level, type, salary,
                                     is_remote, frequency, status, subscribed_at, expires_at, revision)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12, $13)
             on conflict (alert_id) do update set
               user_id = excluded.user_id, frequency = excluded.frequency, status = 'pending',
               subscribed_at = excluded.subscribed_at, expires_at = excluded.expires_at,
               confirmed_at = null, revision = excluded.revision
             where job_alerts.revision < excluded.revision`,
            [
              id,
              d.email,
              d.userId,
              c.title,
              c.location,
              c.experienceLevel,
              c.type,
              c.salary,
              c.isRemote,
              d.frequency,
              d.subscribedAt,
              d.expiresAt,
              recorded.revision,
            ],
          );
          return;
        }
        case 'JobAlertConfirmed':
          return update(`status = 'confirmed', confirmed_at = $1`, [event.data.confirmedAt]);
        case 'JobAlertDigestSent':
          return update('last_digest_at = $1, last_period_end = $2', [
            event.data.sentAt,
            event.data.periodEnd,
          ]);
        case 'JobAlertUnsubscribed':
          return update(`status = 'unsubscribed'`, []);
        default: {
          const unknown: never = event;
          return unknown;
        }
      }
    },
  };
}
