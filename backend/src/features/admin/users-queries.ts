/**
 * Reads of the users read model for the back office. Never selects password material or
 * verification request ids: the admin sees whether a verification is pending, not what it is.
 */
import type pg from 'pg';
import { bool, camel, ids, invalidFilter, likePattern, text, Where, type ListParams } from './rest';

/** react-admin's default `id` and every column the list shows; text as people read it (case aside). */
export const USER_SORTS = {
  id: 'id',
  registeredAt: 'registered_at',
  username: 'lower(username)',
  email: 'lower(email)',
  role: 'role',
  isVerified: 'is_verified',
} as const;
export type UserSort = keyof typeof USER_SORTS;

export const USER_COLUMNS = `id, username, email, first_name, last_name, role, is_verified, registered_at, verified_at,
  (verification_request_id is not null and not is_verified) as verification_pending, verification_expires_at, revision`;

/** Filters: q (username, e-mail or name part), role, verified, id (a list). */
export function usersWhere(filter: Record<string, unknown>, where = new Where()): Where {
  const q = text(filter, 'q');
  if (q) {
    const like = likePattern(q);
    where.add(
      "(username ilike ? or email ilike ? or coalesce(first_name, '') || ' ' || coalesce(last_name, '') ilike ?)",
      like,
      like,
      like,
    );
  }
  const role = text(filter, 'role');
  if (role) {
    if (role !== 'user' && role !== 'admin') throw invalidFilter('role', 'user or admin');
    where.add('role = ?', role);
  }
  const verified = bool(filter, 'verified') ?? bool(filter, 'isVerified');
  if (verified !== undefined) where.add('is_verified = ?', verified);
  const idList = ids(filter);
  if (idList) where.add('id = any(?)', idList);
  return where;
}

export async function listUsers(pool: pg.Pool, params: ListParams<UserSort>) {
  const where = usersWhere(params.filter);
  const whereSql = where.toSql();
  const countParams = [...where.params];
  const limit = where.param(params.limit);
  const offset = where.param(params.offset);
  const [page, count] = await Promise.all([
    pool.query(
      `select ${USER_COLUMNS} from users ${whereSql}
       order by ${USER_SORTS[params.sort.field]} ${params.sort.order}, id limit ${limit} offset ${offset}`,
      where.params,
    ),
    pool.query<{ total: number }>(`select count(*)::int as total from users ${whereSql}`, countParams),
  ]);
  return { rows: page.rows.map((r) => camel(r)), total: count.rows[0]?.total ?? 0 };
}

/** Does the table exist yet? (Read models of features that may not be deployed, e.g. alerts.) */
export async function tableExists(pool: pg.Pool, table: string): Promise<boolean> {
  const { rows } = await pool.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [table]);
  return rows[0]?.ok ?? false;
}

/** A user's job alerts (by account or by the account's e-mail address); no tokens exist in the table. */
async function alertsOf(pool: pg.Pool, userId: string, email: string): Promise<Record<string, unknown>[]> {
  if (!(await tableExists(pool, 'job_alerts'))) return [];
  const { rows } = await pool.query(
    `select alert_id as id, title, location, experience_level, type, salary, is_remote, frequency, status,
            subscribed_at, confirmed_at, expires_at, last_digest_at
     from job_alerts where user_id = $1 or email = $2 order by subscribed_at desc limit 100`,
    [userId, email],
  );
  return rows.map((r) => camel(r));
}

/** One user with their alerts, or null. */
export async function getUser(pool: pg.Pool, id: string): Promise<Record<string, unknown> | null> {
  const { rows } = await pool.query(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  const row = rows[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  return { ...camel(row), alerts: await alertsOf(pool, String(row.id), String(row.email)) };
}
