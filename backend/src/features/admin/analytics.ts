/**
 * The admin's charts for a period (7, 30 or 90 days up to today, UTC): jobs posted and removed per
 * day, live jobs by continent, experience, type and source, top and zero-result search terms, and
 * alert subscriptions and digests per day.
 */
import type pg from 'pg';
import { ensureSearchLog } from './search-log';

export const PERIODS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type Period = keyof typeof PERIODS;

export interface Analytics {
  period: Period;
  from: string;
  to: string;
  jobsPerDay: { day: string; posted: number; removed: number }[];
  alertsPerDay: { day: string; subscribed: number; confirmed: number; digests: number }[];
  liveJobsBy: Record<'continent' | 'experienceLevel' | 'type' | 'source', { key: string; count: number }[]>;
  topSearches: { term: string; searches: number; zeroResultSearches: number }[];
  zeroResultSearches: { term: string; searches: number }[];
}

const TERMS_LIMIT = 20;

/** Daily metrics as one row per day of the period, zeros included. */
async function perDay(pool: pg.Pool, days: number, metrics: Record<string, string>) {
  const columns = Object.entries(metrics)
    .map(
      ([name, metric]) => `coalesce(sum(a.count) filter (where a.metric = '${metric}'), 0)::int as "${name}"`,
    )
    .join(', ');
  const { rows } = await pool.query(
    `with days as (
       select d::date as day
       from generate_series((now() at time zone 'UTC')::date - ($1::int - 1), (now() at time zone 'UTC')::date, interval '1 day') d
     )
     select to_char(days.day, 'YYYY-MM-DD') as day, ${columns}
     from days left join analytics_daily a on a.day = days.day
     group by days.day order by days.day`,
    [days],
  );
  return rows;
}

async function liveBy(pool: pg.Pool, column: string) {
  const { rows } = await pool.query<{ key: string; count: number }>(
    `select coalesce(${column}, 'Unknown') as key, count(*)::int as count from jobs
     where status = 'live' group by 1 order by 2 desc, 1 limit 30`,
  );
  return rows;
}

/** Live jobs per ingestion source, by the name the dashboard shows (its id only when the name is unknown). */
async function liveBySource(pool: pg.Pool) {
  const { rows } = await pool.query<{ key: string; count: number }>(
    `select coalesce(s.name, j.source, 'Unknown') as key, count(*)::int as count
     from jobs j left join ingestion_sources s on s.id = j.source
     where j.status = 'live' group by 1 order by 2 desc, 1 limit 30`,
  );
  return rows;
}

export async function analytics(pool: pg.Pool, period: Period): Promise<Analytics> {
  const days = PERIODS[period];
  await ensureSearchLog(pool);
  const since = `(now() at time zone 'UTC')::date - ($1::int - 1)`;
  const [jobsPerDay, alertsPerDay, continent, experienceLevel, type, source, top, zero] = await Promise.all([
    perDay(pool, days, { posted: 'jobs_posted', removed: 'jobs_removed' }),
    perDay(pool, days, {
      subscribed: 'alerts_subscribed',
      confirmed: 'alerts_confirmed',
      digests: 'digests_sent',
    }),
    liveBy(pool, 'continent'),
    liveBy(pool, 'experience_level'),
    liveBy(pool, 'type'),
    liveBySource(pool),
    pool.query(
      `select term, sum(searches)::int as searches, sum(zero_result_searches)::int as "zeroResultSearches"
       from search_terms_daily where day >= ${since} group by term order by 2 desc, term limit ${TERMS_LIMIT}`,
      [days],
    ),
    pool.query(
      `select term, sum(zero_result_searches)::int as searches
       from search_terms_daily where day >= ${since} and zero_result_searches > 0
       group by term order by 2 desc, term limit ${TERMS_LIMIT}`,
      [days],
    ),
  ]);
  return {
    period,
    from: String(jobsPerDay[0]?.day ?? ''),
    to: String(jobsPerDay.at(-1)?.day ?? ''),
    jobsPerDay: jobsPerDay as Analytics['jobsPerDay'],
    alertsPerDay: alertsPerDay as Analytics['alertsPerDay'],
    liveJobsBy: { continent, experienceLevel, type, source },
    topSearches: top.rows as Analytics['topSearches'],
    zeroResultSearches: zero.rows as Analytics['zeroResultSearches'],
  };
}
