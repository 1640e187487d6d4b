/**
 * The first start's demo seed (backend/src/main.ts): planned once on an empty board, run to the end, and the
 * read models analyzed for the planner when it is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { planDemoSeed, runDemoSeed } from './first-start';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('the first start demo seed', () => {
  it('seeds the planned jobs, records them as finished and leaves planner statistics on the read models', async () => {
    const { pool } = h.services.db;
    const before = await pool.query<{ n: string }>(
      `select count(*) as n from pg_stat_user_tables where relname = 'jobs' and last_analyze is not null`,
    );
    expect(Number(before.rows[0]!.n)).toBe(0);
    const plan = await planDemoSeed({ pool, store: h.services.store }, 40);
    expect(plan).not.toBeNull();
    const outcome = await runDemoSeed({ pool, store: h.services.store, runner: h.services.runner }, plan!, {
      signal: new AbortController().signal,
    });
    expect(outcome).toMatchObject({ kind: 'done', jobs: 40 });
    const seeded = await pool.query<{ finished: boolean; live: string }>(
      `select (select finished_at is not null from demo_seed where id = 1) as finished,
              (select count(*) from jobs where status = 'live') as live`,
    );
    expect(seeded.rows[0]!.finished).toBe(true);
    expect(Number(seeded.rows[0]!.live)).toBeGreaterThan(30);
    const stats = await pool.query<{ relname: string; analyzed: boolean }>(
      `select relname, last_analyze is not null as analyzed from pg_stat_user_tables
       where relname in ('jobs', 'companies') order by relname`,
    );
    expect(stats.rows).toEqual([
      { relname: 'companies', analyzed: true },
      { relname: 'jobs', analyzed: true },
    ]);
    // A second start finds the board seeded: nothing more to plan.
    expect(await planDemoSeed({ pool, store: h.services.store }, 40)).toBeNull();
  });
});
