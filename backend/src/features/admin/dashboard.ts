/**
 * The admin index's live figures: jobs live and removed, jobs posted (their datePosted, not when we first saw
 * them: a seed or an import of old postings is not new) in the last 24 hours and 7 days,
 * confirmed alerts, users, projection status and the last ingestion per source.
 */
import type pg from 'pg';
import type { ProjectionStatus, ProjectionsPort } from '../../http/app';
import { camel } from './rest';
import { tableExists } from './users-queries';

export interface Dashboard {
  jobs: { live: number; removed: number; postedLast24h: number; postedLast7d: number };
  alertsConfirmed: number;
  users: number;
  projections: ProjectionStatus[];
  sources: { id: string; name: string; kind: string; lastIngestAt: string | null; itemsIngested: number }[];
}

async function count(pool: pg.Pool, table: string, sql: string): Promise<number> {
  if (!(await tableExists(pool, table))) return 0;
  const { rows } = await pool.query<{ n: number }>(sql);
  return rows[0]?.n ?? 0;
}

export async function dashboard(pool: pg.Pool, projections?: ProjectionsPort): Promise<Dashboard> {
  const [jobs, alertsConfirmed, users, status, sources] = await Promise.all([
    pool.query<Dashboard['jobs']>(
      `select count(*) filter (where status = 'live')::int as live,
              count(*) filter (where status = 'removed')::int as removed,
              count(*) filter (where date_posted > now() - interval '24 hours')::int as "postedLast24h",
              count(*) filter (where date_posted > now() - interval '7 days')::int as "postedLast7d"
       from jobs`,
    ),
    // The alerts read model belongs to the alerts feature; without it there are none to count.
    count(pool, 'job_alerts', `select count(*)::int as n from job_alerts where status = 'confirmed'`),
    count(pool, 'users', 'select count(*)::int as n from users'),
    projections ? projections.status() : Promise.resolve([]),
    tableExists(pool, 'ingestion_sources').then(async (exists): Promise<Record<string, unknown>[]> => {
      if (!exists) return [];
      const { rows } = await pool.query(
        `select id, name, kind, last_ingest_at, items_ingested from ingestion_sources
         order by last_ingest_at desc nulls last, name`,
      );
      return rows;
    }),
  ]);
  return {
    jobs: jobs.rows[0] ?? { live: 0, removed: 0, postedLast24h: 0, postedLast7d: 0 },
    alertsConfirmed,
    users,
    projections: status,
    sources: sources.map((r) => camel<Dashboard['sources'][number]>(r)),
  };
}
