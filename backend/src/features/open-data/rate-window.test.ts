import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db';
import { SharedWindowCounter } from './rate-window';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('ratewin');
});
afterAll(async () => {
  await db?.drop();
});

describe('the shared public rate limit', () => {
  it('adds up the hits of every instance without a database call per request', async () => {
    let now = 1_700_000_000_000;
    const clock = () => now;
    // Two API instances on one database.
    const a = new SharedWindowCounter(db.pool, 'test', 60, { clock, flushMs: 60_000 });
    const b = new SharedWindowCounter(db.pool, 'test', 60, { clock, flushMs: 60_000 });
    let queries = 0;
    const query = db.pool.query.bind(db.pool);
    db.pool.query = ((...args: Parameters<typeof query>) => {
      queries++;
      return query(...args);
    }) as typeof db.pool.query;
    try {
      for (let i = 0; i < 7; i++) a.hit('ip:1');
      for (let i = 0; i < 5; i++) b.hit('ip:1');
      b.hit('ip:2');
      expect(queries).toBe(0); // decided in memory
      expect(a.hit('ip:1').count).toBe(8); // each knows only its own so far
      await a.flush();
      await b.flush();
      await a.flush(); // nothing new: no query, but a's view is as of its own last flush
      expect(b.hit('ip:1').count).toBe(8 + 5 + 1); // b read back a's 8 with its own 5, plus this one
      a.hit('ip:1');
      await a.flush();
      // Everything both instances have sent (a's 8 and 1, b's 5; b's last hit is not sent yet), plus this one.
      expect(a.hit('ip:1').count).toBe(8 + 1 + 5 + 1);

      expect(b.hit('ip:2').count).toBe(2);
      // A new window starts from zero; the old window's rows are swept.
      now += 61_000;
      expect(a.hit('ip:1').count).toBe(1);
      await a.flush();
      const { rows } = await db.pool.query<{ n: number }>(
        "select count(*)::int as n from public_rate_windows where name = 'test' and window_start < $1",
        [Math.floor(now / 60_000) - 1],
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      db.pool.query = query as typeof db.pool.query;
    }
  });

  it('keeps counting alone when the database is unreachable', async () => {
    const errors: unknown[] = [];
    const broken = new SharedWindowCounter(
      { query: () => Promise.reject(new Error('connection refused')) } as never,
      'test',
      60,
      { flushMs: 60_000, onError: (err) => errors.push(err) },
    );
    for (let i = 0; i < 3; i++) broken.hit('ip:9');
    await broken.flush();
    expect(errors).toHaveLength(1);
    expect(broken.hit('ip:9').count).toBe(4);
  });
});
