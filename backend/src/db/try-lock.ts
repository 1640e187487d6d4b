import type pg from 'pg';

/** What `withTryLock` gives: fn's value when this process held the lock, else that another session holds it. */
export type TryLockResult<T> = { locked: true; value: T } | { locked: false };

/**
 * Runs `fn` while this process holds a session advisory lock, so two processes sharing a database (two servers,
 * a server and a CLI) never do the same work at once; when another session holds it, runs nothing. `key` is a
 * number, or a name (its `hashtext`). The lock lives on one pooled connection for fn's duration: it is released
 * when fn ends, and by PostgreSQL when the process dies.
 */
export async function withTryLock<T>(
  pool: pg.Pool,
  key: number | string,
  fn: () => Promise<T>,
): Promise<TryLockResult<T>> {
  const lockId = typeof key === 'number' ? '$1::bigint' : 'hashtext($1)';
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_lock(${lockId}) as locked`,
      [key],
    );
    if (!rows[0]?.locked) return { locked: false };
    try {
      return { locked: true, value: await fn() };
    } finally {
      await client.query(`select pg_advisory_unlock(${lockId})`, [key]);
    }
  } finally {
    client.release();
  }
}
