/**
 * The search-index projection's rebuild path (PostgreSQL: rows by COPY, suggestion counts tallied in memory and
 * written once at the end) must leave the same tables, row by row and column by column, as the live path applying
 * the same events one at a time. The events are chosen where the two could differ: a suggestion key written in
 * another casing by a later job (the live path keeps the term that added the key when it was last absent), a job
 * removed and reposted, an update to a removed job, updates in later pages than the job's post, odd words.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { JobContent, RecordedEvent } from '@jobs/contracts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db';
import { createPostgresSearchIndex } from './postgres';
import { searchIndexProjection } from './projection';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function content(fields: Partial<JobContent>): JobContent {
  return {
    title: 'Untitled',
    company: 'Nobody',
    companyLogo: null,
    companyDescription: null,
    companyWebsite: null,
    companySize: null,
    location: 'Berlin, Germany',
    isRemote: false,
    isHybrid: false,
    workplace: 'on-site',
    country: 'DE',
    countryName: 'Germany',
    continent: 'Europe',
    eligibility: null,
    type: 'Full Time',
    experienceLevel: 'Senior',
    industry: 'Technology',
    department: null,
    salary: '$100,000 - $120,000 / year',
    salaryMin: 100_000,
    salaryMax: 120_000,
    salaryCurrency: 'USD',
    salaryPeriod: 'YEAR',
    skills: [],
    description: '<p>Build things.</p>',
    datePosted: '2026-11-01T10:00:00.000Z',
    applicationUrl: 'https://example.com/apply',
    sourceUrl: null,
    ...fields,
  };
}

/** The events of the scenario, in store order. */
function scenario(): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const revisions = new Map<number, number>();
  const add = (type: string, job: number, data: Record<string, unknown>) => {
    const revision = revisions.get(job) ?? 0;
    revisions.set(job, revision + 1);
    events.push({
      id: crypto.randomUUID(),
      type,
      data: { jobId: uuid(job), ...data },
      metadata: { actor: 'system', at: '2026-11-01T10:00:00.000Z' },
      streamId: `job-${uuid(job)}`,
      revision,
      position: { commit: events.length + 1, prepare: events.length + 1 },
      recordedAt: '2026-11-01T10:00:00.000Z',
    });
  };
  const post = (job: number, fields: Partial<JobContent>) =>
    add('JobPosted', job, {
      publicId: 1000 + job,
      slug: `job-${job}`,
      source: job % 2 ? 'demo' : 'ats-1',
      externalId: `x-${job}`,
      contentHash: `h-${job}`,
      job: content(fields),
    });
  const update = (type: string, job: number, fields: Partial<JobContent>) =>
    add(type, job, { contentHash: `h-${job}-${events.length}`, job: content(fields), changed: ['title'] });
  const remove = (job: number) =>
    add('JobRemoved', job, { reason: 'closed', removedAt: '2026-11-02T10:00:00.000Z' });

  post(1, { title: 'Go Developer', company: 'Acme', skills: ['Go', 'SQL'] });
  post(2, { title: 'go developer', company: 'ACME', skills: ['go', 'PostgreSQL'], isRemote: true });
  post(3, {
    title: 'Rust Engineer',
    company: 'Ferris  Labs',
    skills: ['Rust'],
    continent: null,
    country: null,
  });
  remove(1); // 'go developer' stays, with the term job 1 gave it
  update('JobUpdated', 3, { title: 'RUST engineer', company: 'Ferris Labs', skills: ['Rust', 'WASM'] });
  post(4, {
    title: 'Data Engineer',
    company: 'Straße & Söhne',
    skills: ['C++', 'C#', 'Python'],
    location: 'Worldwide',
    description:
      '<p>東京 or München, x86 and 2024, 1e5 naïve café “quotes” — Ελληνικά.</p><ul><li>Go</li></ul>',
    eligibility: { worldwide: false, regions: [], countries: ['DE', 'JP'], timezone: { min: 0, max: 9 } },
  });
  remove(2); // 'go developer' gone: absent again
  post(5, { title: 'GO Developer', company: 'Acme Corp', skills: ['Go'] }); // added again, in this casing
  remove(4);
  update('JobUpdated', 4, { title: 'Data Engineer (updated)', company: 'Straße & Söhne' }); // removed: ignored
  update('JobReposted', 4, { title: 'data engineer', company: 'STRASSE & SÖHNE', skills: ['python'] });
  update('JobCorrected', 5, { title: 'GO Developer', company: 'Acme Corp', skills: ['Go', 'Kubernetes'] });
  for (let job = 10; job < 40; job++)
    post(job, {
      title: job % 3 ? `Backend Engineer ${job % 4}` : 'backend engineer 1',
      company: job % 5 ? 'Initech' : 'INITECH',
      skills: job % 2 ? ['Node.js', 'TypeScript'] : ['node.js'],
      description: `<p>Job ${job}: we build APIs with node.js &amp; TypeScript; 401k, remote-first.</p>`,
      salaryMin: job * 1000,
      // Every column set in some final row: a field the rebuild left out would differ.
      companyLogo: `https://example.com/logo-${job}.png`,
      eligibility: {
        worldwide: job % 2 === 0,
        regions: [],
        countries: ['US', 'CA'],
        timezone: { min: -8, max: -3 },
      },
    });
  for (let job = 10; job < 40; job += 7) remove(job);
  for (let job = 11; job < 40; job += 5)
    update('JobUpdated', job, { title: 'Staff Engineer', company: 'initech', skills: ['Go'] });
  return events;
}

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('rebuild');
});

afterAll(async () => {
  await db?.drop();
});

/** The search index's tables, every column, in a stable order. */
async function tables(pool: pg.Pool): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of ['job_search', 'job_suggestions', 'job_search_stats', 'job_search_facets']) {
    // A facet combination whose documents all went keeps a row of 0 in the live path; a rebuild counts only rows.
    const where = table === 'job_search_facets' ? ' where documents <> 0' : '';
    const { rows } = await pool.query(`select * from ${table}${where}`);
    out[table] = rows.map((r: Record<string, unknown>) => JSON.stringify(r)).sort();
  }
  return out;
}

describe('search-index rebuild', () => {
  it('leaves the same rows and suggestion counts as the events applied one at a time', async () => {
    const events = scenario();
    const index = createPostgresSearchIndex(db.pool);
    await index.ensureReady();
    const store = {
      readStream: async (streamId: string, options?: { maxCount?: number }) =>
        events.filter((e) => e.streamId === streamId).slice(0, options?.maxCount ?? Infinity),
    };

    // The live path: one event per batch, on an empty index.
    const live = searchIndexProjection({ index, store });
    await live.setup?.();
    await live.reset?.();
    await live.afterRebuild?.();
    for (const event of events) await live.handleBatch([event]);
    const oneByOne = await tables(db.pool);
    expect(oneByOne.job_search!.length).toBe(3 + 30 - 5);
    // The term that added the key when it was last absent: job 5's, not job 2's (gone) nor job 1's.
    const go = oneByOne.job_suggestions!.map((r) => JSON.parse(r) as Record<string, unknown>);
    expect(go.find((r) => r.key === 'go developer')).toEqual({
      key: 'go developer',
      term: 'GO Developer',
      kind: 'title',
      doc_count: 1,
    });
    expect(go.find((r) => r.key === 'rust engineer')?.term).toBe('Rust Engineer');
    expect(go.find((r) => r.key === 'data engineer')?.term).toBe('data engineer');
    // Every column of job_search is set (not null, not empty) in some row, so none can be dropped unnoticed.
    const rows = oneByOne.job_search!.map((r) => JSON.parse(r) as Record<string, unknown>);
    for (const column of Object.keys(rows[0]!)) {
      const set = rows.some((r) => r[column] !== null && r[column] !== '' && `${String(r[column])}` !== '');
      expect({ column, set }).toEqual({ column, set: true });
    }

    // The rebuild, in pages of every size from one event to all of them (a fresh projection each time).
    for (const pageSize of [1, 2, 3, 7, 16, events.length]) {
      const rebuild = searchIndexProjection({ index, store });
      await rebuild.setup?.();
      await rebuild.reset?.();
      for (let i = 0; i < events.length; i += pageSize)
        await rebuild.handleBatch(events.slice(i, i + pageSize));
      await rebuild.afterRebuild?.();
      const rebuilt = await tables(db.pool);
      for (const table of Object.keys(oneByOne))
        expect({ pageSize, table, rows: rebuilt[table] }).toEqual({ pageSize, table, rows: oneByOne[table] });
    }
  }, 60_000);

  it('counts the suggestions from the rows when a rebuild ends without its tally', async () => {
    const events = scenario();
    const index = createPostgresSearchIndex(db.pool);
    await index.ensureReady();
    const store = { readStream: async () => [] as RecordedEvent[] };
    const rebuild = searchIndexProjection({ index, store });
    await rebuild.reset?.();
    await rebuild.handleBatch(events);
    // A process that dies here leaves the marker: the next start (ensureReady) counts from the rows.
    const fresh = createPostgresSearchIndex(db.pool);
    await fresh.ensureReady();
    const { rows } = await db.pool.query<{ key: string; doc_count: number }>(
      `select key, doc_count from job_suggestions where key in ('initech', 'go', 'staff engineer') order by key`,
    );
    const { rows: expected } = await db.pool.query<{ key: string; doc_count: number }>(
      `select k.key, count(*)::int as doc_count
       from job_search s cross join lateral (select lower(s.company) as key union select lower(unnest(s.skills))
         union select lower(s.title)) k
       where k.key in ('initech', 'go', 'staff engineer') group by k.key order by k.key`,
    );
    expect(rows).toEqual(expected);
    expect(rows.length).toBe(3);
    const { rows: left } = await db.pool.query(
      `select name from job_search_deferred_indexes where name like '$%'`,
    );
    expect(left).toEqual([]);
  }, 60_000);
});
