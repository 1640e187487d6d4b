/** Back-office reads of the ATS read models. */
import type pg from 'pg';
import { UNHEALTHY_AFTER_FAILURES } from '@jobs/contracts/ats';
import { camel, invalidFilter, likePattern, text, Where, type ListParams } from '../admin/rest';
import { botStatus, type BotStatus } from './bot-heartbeat';

/** react-admin's default `id` and every column the list shows; text as people read it (case aside). */
export const SOURCE_SORTS = {
  id: 's.id',
  company: 'lower(s.company)',
  kind: 'kind',
  board: 'lower(board)',
  status: 'status',
  intervalMinutes: 'interval_minutes',
  lastSyncAt: 'last_sync_at',
  lastSuccessAt: 'last_success_at',
  nextRunAt: 'next_run_at',
  addedAt: 'added_at',
  liveJobs: 'live_jobs',
} as const;
export type SourceSort = keyof typeof SOURCE_SORTS;

const SOURCE_COLUMNS = `s.id, s.kind, s.board, s.company, s.base_url, s.interval_minutes, s.status,
  s.ingestion_source_id, s.added_at, s.last_sync_at, s.last_success_at, s.last_error, s.last_error_kind,
  s.last_error_at, s.consecutive_failures, s.next_run_at, s.last_counts, s.revision, s.failing_since,
  case when s.last_sync_at is null then 'not-run'
       when s.consecutive_failures >= ${UNHEALTHY_AFTER_FAILURES} then 'unhealthy'
       when s.consecutive_failures > 0 then 'failing' else 'healthy' end as health,
  (select count(*)::int from jobs j where j.source = s.ingestion_source_id and j.status = 'live') as live_jobs`;

function sourcesWhere(filter: Record<string, unknown>): Where {
  const where = new Where();
  const q = text(filter, 'q');
  if (q) where.add('(s.company ilike ? or s.board ilike ?)', likePattern(q), likePattern(q));
  const status = text(filter, 'status');
  if (status) {
    if (status !== 'active' && status !== 'paused') throw invalidFilter('status', 'active or paused');
    where.add('s.status = ?', status);
  }
  const kind = text(filter, 'kind');
  if (kind) where.add('s.kind = ?', kind);
  const health = text(filter, 'health');
  if (health) {
    // 'unhealthy': UNHEALTHY_AFTER_FAILURES failed syncs in a row or more; 'failing': fewer; 'healthy': none;
    // 'not-run': never synced at all (a new or starter source: not healthy, only unknown).
    if (health === 'unhealthy') where.add('s.consecutive_failures >= ?', UNHEALTHY_AFTER_FAILURES);
    else if (health === 'failing')
      where.add('s.consecutive_failures between 1 and ?', UNHEALTHY_AFTER_FAILURES - 1);
    else if (health === 'healthy') where.add('s.consecutive_failures = 0 and s.last_sync_at is not null');
    else if (health === 'not-run') where.add('s.last_sync_at is null');
    else throw invalidFilter('health', 'healthy, failing, unhealthy or not-run');
  }
  const id = filter.id;
  if (Array.isArray(id)) where.add('s.id = any(?)', id.map(String));
  return where;
}

/**
 * Why a source that has never been synced has not run: it is paused, no sync bot is running (none has ticked
 * within BOT_ALIVE_MS: start `npm run bot` or RUN_BOT=true), or a bot is running and will reach it.
 */
export type NotRunReason = 'paused' | 'bot-off' | 'waiting';

function withRunState(row: Record<string, unknown>, bot: BotStatus): Record<string, unknown> {
  if (row.health !== 'not-run') return row;
  const notRunReason: NotRunReason = row.status === 'paused' ? 'paused' : bot.running ? 'waiting' : 'bot-off';
  return { ...row, notRunReason, botLastSeenAt: bot.lastSeenAt };
}

export async function listSources(pool: pg.Pool, params: ListParams<SourceSort>) {
  const where = sourcesWhere(params.filter);
  const sql = where.toSql();
  const total = await pool.query<{ n: number }>(
    `select count(*)::int as n from ats_sources s ${sql}`,
    where.params,
  );
  const order = `${SOURCE_SORTS[params.sort.field]} ${params.sort.order} nulls last, s.id`;
  const rows = await pool.query(
    `select * from (select ${SOURCE_COLUMNS} from ats_sources s ${sql}) s order by ${order}
     limit ${where.param(params.limit)} offset ${where.param(params.offset)}`,
    where.params,
  );
  const bot = await botStatus(pool);
  return { rows: rows.rows.map((r) => withRunState(camel(r), bot)), total: total.rows[0]!.n };
}

export async function getSource(pool: pg.Pool, id: string) {
  const { rows } = await pool.query(`select ${SOURCE_COLUMNS} from ats_sources s where s.id = $1`, [id]);
  if (!rows[0]) return null;
  const bot = await botStatus(pool);
  const syncs = await pool.query(
    `select revision, started_at, finished_at, ok, error_kind, error, counts, problems
     from ats_syncs where source_id = $1 order by revision desc limit 50`,
    [id],
  );
  return {
    ...withRunState(camel(rows[0]), bot),
    syncs: syncs.rows.map((r) => ({ id: r.revision as number, ...camel(r) })),
  };
}

/** react-admin's default `id` and every column the list shows; text as people read it (case aside). */
export const DISCOVERED_SORTS = {
  id: 'id',
  company: 'lower(company)',
  board: 'lower(board)',
  candidate: 'lower(candidate)',
  atsSourceId: 'ats_source_id',
  kind: 'kind',
  jobCount: 'job_count',
  foundAt: 'found_at',
  status: 'status',
} as const;
export type DiscoveredSort = keyof typeof DISCOVERED_SORTS;

export async function listDiscovered(pool: pg.Pool, params: ListParams<DiscoveredSort>) {
  const where = new Where();
  const q = text(params.filter, 'q');
  if (q)
    where.add(
      '(company ilike ? or board ilike ? or candidate ilike ?)',
      likePattern(q),
      likePattern(q),
      likePattern(q),
    );
  const status = text(params.filter, 'status');
  if (status) where.add('status = ?', status);
  const kind = text(params.filter, 'kind');
  if (kind) where.add('kind = ?', kind);
  const sql = where.toSql();
  const total = await pool.query<{ n: number }>(
    `select count(*)::int as n from discovered_companies ${sql}`,
    where.params,
  );
  const rows = await pool.query(
    `select * from discovered_companies ${sql}
     order by ${DISCOVERED_SORTS[params.sort.field]} ${params.sort.order} nulls last, id
     limit ${where.param(params.limit)} offset ${where.param(params.offset)}`,
    where.params,
  );
  return { rows: rows.rows.map((r) => camel(r)), total: total.rows[0]!.n };
}

export async function getDiscovered(pool: pg.Pool, id: string) {
  const { rows } = await pool.query('select * from discovered_companies where id = $1', [id]);
  return rows[0] ? camel(rows[0]) : null;
}
