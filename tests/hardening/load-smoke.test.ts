import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/db';
import { formatReport, runLoad } from '../../scripts/load/run';
import { CALLS } from '../../scripts/load/visitor';

const root = path.resolve(import.meta.dirname, '../..');
const built = fs.existsSync(path.join(root, 'frontend/site/dist/index.html'));
if (!built) console.warn('load smoke test skipped: build the site first (npm run build); CI does');

/**
 * `npm run load` in miniature, so the script cannot rot: the real server as a child process, seeded through
 * the ingestion API, 5 visitors for 5 seconds doing whole visits (home, assets, search, filter, scroll,
 * job page, alert subscription). Every call must pass.
 */
describe('load script smoke (200 jobs, 5 visitors, 5 s)', () => {
  it.skipIf(!built)(
    'runs whole visits against the real server with zero errors and samples its memory',
    async () => {
      const db = await createTestDatabase('load');
      try {
        const report = await runLoad({
          root,
          jobs: 200,
          seconds: 5,
          visitors: 5,
          thinkMs: [50, 150],
          database: db,
        });
        const text = formatReport(report);
        expect(report.errors, text).toBe(0);
        expect(report.firstErrors, text).toEqual([]);
        expect(report.serverErrorLines, text).toEqual([]);
        expect(report.liveJobs).toBe(200);
        expect(report.sessions, text).toBeGreaterThan(0);
        // Every step of a visit ran (the filter rows are one of four at random, so they are left out).
        const counted = new Map(report.calls.map((c) => [c.name, c.count]));
        for (const name of CALLS.filter((c) => !c.endsWith('(filter)') && !c.includes('(scroll)')))
          expect(counted.get(name) ?? 0, `${name}\n${text}`).toBeGreaterThan(0);
        // The subscriptions are real: one pending alert per visit's distinct address.
        const posts = counted.get('POST /api/job-alerts')!;
        const { rows } = await db.pool.query<{ n: number }>(
          "select count(distinct email)::int as n from job_alerts where email like 'load-%@example.com'",
        );
        expect(rows[0]!.n).toBe(posts);
        expect(report.publicApiLimit).toBeGreaterThan(100_000);
        expect(report.distinctAddresses).toBe(true);
        expect(report.memory?.rss?.peakMb, text).toBeGreaterThan(0);
        expect(report.memory?.heapUsed?.peakMb, text).toBeGreaterThan(0);
        expect(report.requestsPerSecond).toBeGreaterThan(0);
      } finally {
        await db.drop();
      }
    },
    180_000,
  );
});
