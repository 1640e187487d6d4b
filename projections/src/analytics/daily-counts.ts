import type { RecordedEvent } from '@jobs/contracts/eventstore';
import type { SqlProjection } from '../projection';

/**
 * `analytics_daily`: how many times something happened per UTC day (jobs posted, removed and
 * reposted; alerts subscribed, confirmed and digests sent; users registered), for the admin's charts.
 * The jobs and alerts read models keep only each row's latest state (a reposted job forgets its
 * removal, an alert only its last digest), so the daily history needs its own counts. The runner
 * applies each event exactly once (the checkpoint moves in the same transaction), so increments are safe.
 */
export const ANALYTICS_PROJECTION = 'analytics';

export const DAILY_METRICS = [
  'jobs_posted',
  'jobs_removed',
  'jobs_reposted',
  'alerts_subscribed',
  'alerts_confirmed',
  'digests_sent',
  'users_registered',
] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

const METRIC_OF_EVENT: Record<string, DailyMetric> = {
  JobPosted: 'jobs_posted',
  JobRemoved: 'jobs_removed',
  JobReposted: 'jobs_reposted',
  JobAlertSubscribed: 'alerts_subscribed',
  JobAlertConfirmed: 'alerts_confirmed',
  JobAlertDigestSent: 'digests_sent',
  UserRegistered: 'users_registered',
};

const migrations = [
  `create table if not exists analytics_daily (
     day date not null,
     metric text not null,
     count integer not null,
     primary key (metric, day)
   )`,
];

/** When it happened: a removal's own date (an ATS may close a job after the fact), else the command's time. */
function happenedAt(event: RecordedEvent): string {
  const data = event.data as { removedAt?: unknown };
  if (event.type === 'JobRemoved' && typeof data.removedAt === 'string') return data.removedAt;
  return typeof event.metadata?.at === 'string' ? event.metadata.at : event.recordedAt;
}

export function analyticsProjection(): SqlProjection {
  return {
    name: ANALYTICS_PROJECTION,
    eventTypes: Object.keys(METRIC_OF_EVENT),
    tables: ['analytics_daily'],
    migrations,
    async handle(event, tx) {
      const metric = METRIC_OF_EVENT[event.type];
      if (!metric) return;
      await tx.query(
        `insert into analytics_daily (day, metric, count)
         values ((($1::timestamptz) at time zone 'UTC')::date, $2, 1)
         on conflict (metric, day) do update set count = analytics_daily.count + 1`,
        [happenedAt(event), metric],
      );
    },
    // A batch adds up its counts per (UTC day, metric) and writes each once.
    async handleBatch(events, tx) {
      const counts = new Map<string, number>();
      for (const event of events) {
        const metric = METRIC_OF_EVENT[event.type];
        if (!metric) continue;
        const key = `${new Date(happenedAt(event)).toISOString().slice(0, 10)}|${metric}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      if (counts.size === 0) return;
      const rows = [...counts].map(([key, count]) => {
        const [day, metric] = key.split('|');
        return { day, metric, count };
      });
      await tx.query(
        `insert into analytics_daily (day, metric, count)
         select day, metric, count from jsonb_to_recordset($1::jsonb) as r(day date, metric text, count int)
         on conflict (metric, day) do update set count = analytics_daily.count + excluded.count`,
        [JSON.stringify(rows)],
      );
    },
  };
}
