/**
 * The same batch posted several times at once (a bot retrying before its first answer came, or two
 * bot processes): each job is stored once, and the answers tell the truth about it: across the
 * concurrent requests every job is `created` exactly once and `unchanged` in the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';

let h: TestHarness;
let token: string;

interface Answer {
  results: { externalId: string | null; status: string }[];
  counts: Record<string, number>;
}

const item = (run: string, i: number, title = 'Site Reliability Engineer') => ({
  action: 'posted',
  externalId: `${run}-${i}`,
  title,
  company: `Concurrent Co ${i % 5}`,
  location: 'Remote - Worldwide',
  employmentType: 'Full-time',
  descriptionHtml: `<p>Job number ${i}.</p>`,
  applicationUrl: `https://concurrent.example/apply/${run}/${i}`,
});

const post = (items: unknown[]) =>
  h.http.post('/api/ingest/jobs').set('Authorization', `Bearer ${token}`).send({ items });

beforeAll(async () => {
  h = await createTestHarness();
  const source = await createIngestionSource(h.services.store, { name: 'Concurrent batches' });
  await h.services.runner.waitForPosition(source.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  token = source.token;
});

afterAll(async () => {
  await h?.close();
});

async function postAtOnce(items: unknown[], times: number): Promise<Answer[]> {
  const answers = await Promise.all(Array.from({ length: times }, () => post(items)));
  for (const a of answers) expect(a.status, a.text).toBe(200);
  return answers.map((a) => a.body as Answer);
}

/** For each externalId, the statuses the answers gave it. */
function statusesById(answers: Answer[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of answers)
    for (const r of a.results) out.set(r.externalId!, [...(out.get(r.externalId!) ?? []), r.status]);
  return out;
}

describe('the same batch posted 4 times at once', () => {
  it('stores each job once and reports it created exactly once, unchanged in the other answers', async () => {
    const run = `conc-${Date.now()}`;
    const items = Array.from({ length: 50 }, (_, i) => item(run, i));
    const answers = await postAtOnce(items, 4);
    const sum = (status: string) => answers.reduce((n, a) => n + (a.counts[status] ?? 0), 0);
    expect(sum('created')).toBe(50);
    expect(sum('unchanged')).toBe(150);
    for (const [id, statuses] of statusesById(answers))
      expect(statuses.sort(), id).toEqual(['created', 'unchanged', 'unchanged', 'unchanged']);
    const { rows } = await h.testDb.pool.query<{ n: string }>(
      `select count(*) as n from events where type = 'JobPosted' and data->>'externalId' like $1`,
      [`${run}-%`],
    );
    expect(Number(rows[0]!.n)).toBe(50);
  });

  it('an update posted 4 times at once is reported updated exactly once', async () => {
    const run = `conc-upd-${Date.now()}`;
    await post(Array.from({ length: 20 }, (_, i) => item(run, i)));
    const changed = Array.from({ length: 20 }, (_, i) => item(run, i, 'Staff Site Reliability Engineer'));
    const answers = await postAtOnce(changed, 4);
    for (const [id, statuses] of statusesById(answers))
      expect(statuses.sort(), id).toEqual(['unchanged', 'unchanged', 'unchanged', 'updated']);
    const { rows } = await h.testDb.pool.query<{ n: string }>(
      `select count(*) as n from events where type = 'JobUpdated' and metadata->>'actor' like 'source:%'
         and stream_id in (select stream_id from events where type = 'JobPosted' and data->>'externalId' like $1)`,
      [`${run}-%`],
    );
    expect(Number(rows[0]!.n)).toBe(20);
  });
});
