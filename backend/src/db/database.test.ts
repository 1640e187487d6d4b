import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db';

describe('test database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.drop());

  it('runs a query on a real PostgreSQL', async () => {
    const { rows } = await db.pool.query('select 1 + 1 as two, current_setting($1) as v', [
      'server_version_num',
    ]);
    expect(rows[0].two).toBe(2);
    expect(Number(rows[0].v)).toBeGreaterThanOrEqual(150000);
  });
});
