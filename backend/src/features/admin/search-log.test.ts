import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db';
import { ensureSearchLog, flushSearchLog, recordSearchInBackground } from './search-log';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('searchlog');
  await ensureSearchLog(db.pool);
});
afterAll(async () => {
  await db?.drop();
});

async function counts(term: string): Promise<{ searches: number; zero: number } | undefined> {
  const { rows } = await db.pool.query<{ searches: number; zero: number }>(
    'select searches, zero_result_searches as zero from search_terms_daily where term = $1',
    [term],
  );
  return rows[0];
}

describe('background search log', () => {
  it('flushSearchLog waits for every write started before it, with no polling', async () => {
    for (let i = 0; i < 25; i++)
      recordSearchInBackground(db.pool, { text: '  Flush   Me ', resultCount: i % 5 === 0 ? 0 : 3 });
    recordSearchInBackground(db.pool, { text: 'second page', resultCount: 1, page: 2 });
    await flushSearchLog(db.pool);
    expect(await counts('flush me')).toEqual({ searches: 25, zero: 5 });
    expect(await counts('second page')).toBeUndefined();
  });

  it('a failed write is reported, not thrown, and does not hang the flush', async () => {
    const errors: unknown[] = [];
    const broken = { query: () => Promise.reject(new Error('down')) } as unknown as typeof db.pool;
    recordSearchInBackground(broken, { text: 'lost', resultCount: 0 }, (err) => errors.push(err));
    await flushSearchLog(broken);
    expect(errors).toHaveLength(1);
    await flushSearchLog(db.pool); // nothing pending: resolves at once
  });
});
