/**
 * Issue 26: the admin dashboard shows how far each read model is behind the event store, in events and in seconds
 * (the runner's projections and this process's embedded search index alike), so an operator watching a bulk load
 * sees whether the board keeps up. Through the real API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_PROJECTION } from '@jobs/projections/jobs/index';
import { EMBEDDED_INDEX_NAME } from '@jobs/search';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { generateJobs } from '../seed/generate';
import { ingestItems } from '../ingestion/service';
import { createIngestionSource } from '../sources/service';
import { signUp, type Agent } from './testing';

let h: TestHarness;
let admin: Agent;

beforeAll(async () => {
  h = await createTestHarness();
  admin = (await signUp(h, 'admin')).agent;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

interface Row {
  name: string;
  state: string;
  lagEvents: number;
  lagSeconds: number;
}

describe('the dashboard while the read models are behind', () => {
  it('shows each one events and seconds behind, and nothing once they caught up', async () => {
    const source = await createIngestionSource(h.services.store, { name: 'Lagging feed' });
    expect(await h.services.runner.waitForPosition(source.position, 15_000)).toBe(true);
    // The read models stop (as when they cannot keep up) while 30 jobs come in.
    await h.services.runner.stop();
    await h.services.embeddedSearch!.stop({ snapshot: false });
    await ingestItems(h.services, source.sourceId, generateJobs({ count: 30, now: new Date() }));
    await new Promise((r) => setTimeout(r, 1100));

    const res = await admin.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    const rows = res.body.projections as Row[];
    const jobs = rows.find((r) => r.name === JOBS_PROJECTION)!;
    const embedded = rows.find((r) => r.name === EMBEDDED_INDEX_NAME)!;
    for (const row of [jobs, embedded]) {
      expect(row.lagEvents, row.name).toBeGreaterThanOrEqual(30);
      expect(row.lagSeconds, row.name).toBeGreaterThanOrEqual(1);
      expect(row.lagSeconds, row.name).toBeLessThan(60);
    }

    await h.services.runner.start();
    expect(await h.services.runner.waitForPosition(await h.services.store.headPosition(), 15_000)).toBe(true);
    const after = (await admin.get('/api/admin/dashboard')).body.projections as Row[];
    const caughtUp = after.find((r) => r.name === JOBS_PROJECTION)!;
    expect(caughtUp.lagEvents).toBe(0);
    expect(caughtUp.lagSeconds).toBe(0);
  }, 60_000);
});
