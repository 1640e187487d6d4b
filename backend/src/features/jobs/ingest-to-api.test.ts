import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { createIngestionSource } from '../sources/service';

/** The whole path: a bot's batch through POST /api/ingest/jobs, the decider's events, the projections, the public API. */
let h: TestHarness;
let token: string;

async function settle() {
  const head = await h.services.store.headPosition();
  expect(await h.services.runner.waitForPosition(head, 10_000)).toBe(true);
}

const post = (items: unknown[]) =>
  h.http.post('/api/ingest/jobs').set('Authorization', `Bearer ${token}`).send({ items });

beforeAll(async () => {
  h = await createTestHarness();
  const created = await createIngestionSource(h.services.store, { name: 'API test' });
  await h.services.runner.waitForPosition(created.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
  token = created.token;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('ingested jobs in the public API', () => {
  it('lists, shows and removes what a bot sends', async () => {
    const res = await post([
      {
        action: 'posted',
        externalId: 'gh-1',
        title: 'Senior Rust Engineer',
        company: 'Ferrous Systems',
        companyDescription: 'We make Rust tooling.',
        location: 'Remote - Germany',
        employmentType: 'Full-time',
        salary: '€80,000 - €100,000 per year',
        skills: ['Rust'],
        descriptionHtml:
          '<h2>About us</h2><p>Tooling.</p><h2>Responsibilities</h2><ul><li>Write compilers</li></ul>',
        applicationUrl: 'https://ferrous.example/apply/1',
      },
      {
        action: 'posted',
        externalId: 'gh-2',
        title: 'Rust Developer',
        company: 'Ferrous Systems',
        location: 'Berlin, Germany (Hybrid)',
        descriptionHtml: '<p>Rust all day.</p>',
        applicationUrl: 'https://ferrous.example/apply/2',
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first] = res.body.results as { id: number; slug: string; status: string }[];
    expect(first!.status).toBe('created');
    await settle();

    const feed = await h.http.get('/api/jobs').query({ title: 'rust', location: 'Germany' });
    expect(feed.body.totalJobs).toBe(2);
    const byId = await h.http.get(`/api/jobs/${first!.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      slug: first!.slug,
      title: 'Senior Rust Engineer',
      company: 'Ferrous Systems',
    });
    expect(
      (await h.http.get('/api/jobs').query({ salary: '80k-120k' })).body.data.map(
        (j: { id: number }) => j.id,
      ),
    ).toContain(first!.id);
    const company = await h.http.get('/api/companies/Ferrous%20Systems');
    expect(company.body).toMatchObject({ description: 'We make Rust tooling.', openJobs: 2 });
    expect(
      (await h.http.get(`/api/jobs/${first!.id}/similar`)).body.map((j: { title: string }) => j.title),
    ).toEqual(['Rust Developer']);

    const closed = await post([{ action: 'closed', externalId: 'gh-1', reason: 'Position filled' }]);
    expect(closed.status).toBe(200);
    await settle();
    const gone = await h.http.get(`/api/jobs/${first!.slug}`);
    expect(gone.status).toBe(410);
    expect(gone.body.reason).toBe('Position filled');
    expect(typeof gone.body.removedAt).toBe('string');
    expect((await h.http.get('/api/jobs/count')).body.total).toBe(1);
  });
});
