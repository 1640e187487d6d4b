import type pg from 'pg';

/**
 * `work` on one pooled connection inside a transaction opened by `begin` ('begin', 'begin read only', 'begin; set
 * local …'): committed when it resolves, rolled back when it throws (a failed rollback must not hide the error),
 * and the connection always returned to the pool.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
