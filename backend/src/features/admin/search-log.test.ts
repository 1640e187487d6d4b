import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db';
import {
  ensureSearchLog,
  flushSearchLog,
  MAX_TERMS_PER_VISITOR_PER_DAY,
  recordSearchInBackground,
} from './search-log';

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
      recordSearchInBackground(db.pool, {
        text: '  Flush   Me ',
        resultCount: i % 5 === 0 ? 0 : 3,
        visitor: `v${i}`,
      });
    recordSearchInBackground(db.pool, { text: '   ', resultCount: 1, visitor: 'v0' });
    await flushSearchLog(db.pool);
    expect(await counts('flush me')).toEqual({ searches: 25, zero: 5 });
    expect(await counts('')).toBeUndefined();
  });

  it('a failed write is reported, not thrown, and does not hang the flush', async () => {
    const errors: unknown[] = [];
    const broken = { query: () => Promise.reject(new Error('down')) } as unknown as typeof db.pool;
    recordSearchInBackground(broken, { text: 'lost', resultCount: 0, visitor: 'v' }, (err) =>
      errors.push(err),
    );
    await flushSearchLog(broken);
    expect(errors).toHaveLength(1);
    await flushSearchLog(db.pool); // nothing pending: resolves at once
  });

  it('counts one visitor once per term and day, in one batch or across batches', async () => {
    for (let i = 0; i < 3; i++)
      recordSearchInBackground(db.pool, { text: 'Rust', resultCount: 4, visitor: 'amy' });
    await flushSearchLog(db.pool);
    recordSearchInBackground(db.pool, { text: 'rust ', resultCount: 4, visitor: 'amy' });
    recordSearchInBackground(db.pool, { text: 'rust', resultCount: 0, visitor: 'bob' });
    await flushSearchLog(db.pool);
    expect(await counts('rust')).toEqual({ searches: 2, zero: 1 });
  });

  it('one visitor adds at most MAX_TERMS_PER_VISITOR_PER_DAY terms a day, so one address cannot fill the lists', async () => {
    const extra = 10;
    for (let i = 0; i < MAX_TERMS_PER_VISITOR_PER_DAY + extra; i++)
      recordSearchInBackground(db.pool, { text: `spam term ${i}`, resultCount: 0, visitor: 'mallory' });
    await flushSearchLog(db.pool);
    recordSearchInBackground(db.pool, { text: 'spam term late', resultCount: 0, visitor: 'mallory' });
    recordSearchInBackground(db.pool, { text: 'spam term late', resultCount: 0, visitor: 'carol' });
    await flushSearchLog(db.pool);
    const { rows } = await db.pool.query<{ n: number; total: number }>(
      `select count(*)::int as n, sum(searches)::int as total from search_terms_daily where term like 'spam term%'`,
    );
    expect(rows[0]).toEqual({
      n: MAX_TERMS_PER_VISITOR_PER_DAY + 1,
      total: MAX_TERMS_PER_VISITOR_PER_DAY + 1,
    });
    expect(await counts('spam term late')).toEqual({ searches: 1, zero: 1 }); // carol's, not mallory's
  });

  it('forgets the visitors of days before yesterday', async () => {
    await db.pool.query(
      `insert into search_term_visitors (day, visitor, term) values (current_date - 5, 'old', 'old term')`,
    );
    recordSearchInBackground(db.pool, { text: 'anything', resultCount: 1, visitor: 'dave' });
    await flushSearchLog(db.pool);
    const { rows } = await db.pool.query(`select 1 from search_term_visitors where visitor = 'old'`);
    expect(rows).toEqual([]);
  });
});
