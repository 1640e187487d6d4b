import crypto from 'node:crypto';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobSearchDocument, JobSearchQuery, SearchIndex } from '@jobs/contracts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db';
import { createMeilisearchIndex } from './meilisearch';
import { createPostgresSearchIndex, TEXT_COUNT_CAP } from './postgres';
import { createMemorySearchIndex } from './memory/adapter';
import { searchWords } from './text';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function doc(n: number, fields: Partial<JobSearchDocument>): JobSearchDocument {
  return {
    id: uuid(n),
    publicId: 1000 + n,
    slug: `job-${n}`,
    title: 'Untitled',
    company: 'Nobody',
    companyLogo: null,
    location: 'Somewhere',
    country: null,
    continent: null,
    isRemote: false,
    isHybrid: false,
    type: 'Full-Time',
    experienceLevel: 'Mid-level',
    industry: 'Technology',
    salary: null,
    salaryMinUsd: null,
    salaryMaxUsd: null,
    skills: [],
    descriptionText: '',
    excerpt: '',
    datePosted: '2024-05-01T00:00:00.000Z',
    source: 'test',
    workFromWorldwide: false,
    workFromCountries: [],
    utcMin: null,
    utcMax: null,
    ...fields,
  };
}

const A = doc(1, {
  title: 'Senior Software Engineer',
  company: 'Acme',
  location: 'Berlin, Germany',
  country: 'Germany',
  continent: 'Europe',
  isRemote: true,
  experienceLevel: 'Senior',
  salary: '$100k - $150k',
  salaryMinUsd: 100_000,
  salaryMaxUsd: 150_000,
  skills: ['TypeScript', 'React'],
  descriptionText: 'Build our platform.',
  datePosted: '2024-05-10T09:00:00.000Z',
  workFromCountries: ['DE'],
  utcMin: 1,
  utcMax: 2,
});
const B = doc(2, {
  title: 'Product Designer',
  company: 'Globex',
  location: 'Remote - Worldwide',
  isRemote: true,
  type: 'Contract',
  industry: 'Design',
  skills: ['Figma'],
  descriptionText: 'An engineer-minded designer who enjoys working with engineers.',
  datePosted: '2024-05-12T09:00:00.000Z',
  workFromWorldwide: true,
});
const C = doc(3, {
  title: 'Data Analyst',
  company: 'Initech',
  location: 'London, United Kingdom',
  country: 'United Kingdom',
  continent: 'Europe',
  isHybrid: true,
  experienceLevel: 'Entry',
  industry: 'Finance',
  salaryMinUsd: 50_000,
  salaryMaxUsd: 70_000,
  skills: ['SQL', 'Python'],
  datePosted: '2024-05-08T09:00:00.000Z',
  workFromCountries: ['GB'],
  utcMin: 0,
  utcMax: 1,
});
const D = doc(4, {
  title: 'Backend Engineer',
  company: 'Umbrella',
  location: 'New York, NY',
  country: 'United States',
  continent: 'North America',
  type: 'Part-Time',
  industry: 'Healthcare',
  salaryMinUsd: 90_000,
  skills: ['Go', 'PostgreSQL'],
  datePosted: '2024-05-11T09:00:00.000Z',
  workFromCountries: ['US'],
  utcMin: -10,
  utcMax: -4,
});
const E = doc(5, {
  title: 'Customer Support Specialist',
  company: 'Acme',
  location: 'Europe (Anywhere)',
  continent: 'Europe',
  isRemote: true,
  experienceLevel: 'Entry',
  salaryMaxUsd: 40_000,
  skills: ['Zendesk'],
  datePosted: '2024-05-09T09:00:00.000Z',
  workFromCountries: ['DE', 'FR', 'GB', 'PL'],
  utcMin: 0,
  utcMax: 3,
});
const F = doc(6, {
  title: 'Frontend Developer',
  company: 'Hooli',
  location: 'Toronto, Canada',
  country: 'Canada',
  continent: 'North America',
  isRemote: true,
  type: 'Internship',
  experienceLevel: 'Entry',
  salaryMinUsd: 60_000,
  salaryMaxUsd: 80_000,
  skills: ['React', 'TypeScript'],
  // the same date as B: the id breaks the tie
  datePosted: '2024-05-12T09:00:00.000Z',
  workFromCountries: ['CA'],
  utcMin: -8,
  utcMax: -5,
});
const ALL = [A, B, C, D, E, F];
/** datePosted desc, then id. */
const NEWEST_FIRST = [B, F, D, A, E, C].map((d) => d.id);

function query(fields: Partial<JobSearchQuery> = {}): JobSearchQuery {
  return { sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 50, ...fields };
}

function contractSuite(
  name: string,
  open: () => Promise<{ index: SearchIndex; close: () => Promise<void> }>,
) {
  describe(`search contract: ${name}`, () => {
    let index: SearchIndex;
    let close: () => Promise<void>;
    const ids = async (q: Partial<JobSearchQuery>) => (await index.search(query(q))).ids;

    beforeAll(async () => {
      ({ index, close } = await open());
      await index.ensureReady();
      await index.ensureReady(); // idempotent
    });
    afterAll(async () => {
      await close?.();
    });
    beforeEach(async () => {
      await index.clear();
      await index.upsert(ALL);
    });

    it('pings', async () => {
      await expect(index.ping()).resolves.toBeUndefined();
    });

    it('finds by text in title, company, skills and location, with a prefix on the last word', async () => {
      expect(await ids({ text: 'analyst' })).toEqual([C.id]);
      expect(await ids({ text: 'globex' })).toEqual([B.id]);
      expect(await ids({ text: 'zendesk' })).toEqual([E.id]);
      expect(await ids({ text: 'toronto' })).toEqual([F.id]);
      expect(await ids({ text: 'Frontend Dev' })).toEqual([F.id]);
      expect(await ids({ text: 'senior software engineer' })).toEqual([A.id]);
    });

    it('ranks a title match above a description match for relevance', async () => {
      const result = await index.search(query({ text: 'engineer', sortBy: 'relevance' }));
      expect(result.total).toBe(3);
      expect(new Set(result.ids.slice(0, 2))).toEqual(new Set([A.id, D.id]));
      expect(result.ids[2]).toBe(B.id);
    });

    it('sorts by newest first for relevance without text', async () => {
      expect(await ids({ sortBy: 'relevance' })).toEqual(NEWEST_FIRST);
    });

    it('filters by place: location contains it or the country equals it, case-insensitively', async () => {
      expect(await ids({ location: { kind: 'place', value: 'BERLIN' } })).toEqual([A.id]);
      expect(await ids({ location: { kind: 'place', value: 'germany' } })).toEqual([A.id]);
      expect(await ids({ location: { kind: 'place', value: 'United States' } })).toEqual([D.id]);
      expect(await ids({ location: { kind: 'place', value: 'new york' } })).toEqual([D.id]);
      expect(await ids({ location: { kind: 'place', value: 'Mars' } })).toEqual([]);
    });

    it("filters by a place naming a country: the job's country code, or the country among the location's words", async () => {
      const us = { code: 'US', names: ['united states', 'usa', 'us'] };
      const docs = [
        doc(101, { title: 'Coded', location: 'San Francisco, CA', country: 'US' }),
        doc(102, { title: 'Among others', location: 'Remote (US or Canada)' }),
        doc(103, { title: 'Down under', location: 'Sydney, Australia', country: 'AU' }),
      ];
      await index.upsert(docs);
      const found = await ids({ location: { kind: 'place', value: 'United States', country: us } });
      expect([...found].sort()).toEqual([uuid(101), uuid(102)]);
      const uk = { code: 'GB', names: ['united kingdom', 'uk'] };
      expect(await ids({ location: { kind: 'place', value: 'UK', country: uk } })).toEqual([C.id]);
    });

    it('filters by continent, and by remote in a continent', async () => {
      expect(await ids({ location: { kind: 'continent', continent: 'Europe', remoteOnly: false } })).toEqual([
        A.id,
        E.id,
        C.id,
      ]);
      expect(await ids({ location: { kind: 'continent', continent: 'europe', remoteOnly: true } })).toEqual([
        A.id,
        E.id,
      ]);
      expect(
        await ids({ location: { kind: 'continent', continent: 'North America', remoteOnly: true } }),
      ).toEqual([F.id]);
    });

    it('filters worldwide remote: remote with no continent or a location saying worldwide/anywhere', async () => {
      expect(await ids({ location: { kind: 'worldwideRemote' } })).toEqual([B.id, E.id]);
    });

    it('filters by experience level, type and industry, case-insensitively', async () => {
      expect(await ids({ experienceLevel: 'senior' })).toEqual([A.id]);
      expect(await ids({ experienceLevel: 'Entry' })).toEqual([F.id, E.id, C.id]);
      expect(await ids({ type: 'full-time' })).toEqual([A.id, E.id, C.id]);
      expect(await ids({ type: 'Internship' })).toEqual([F.id]);
      expect(await ids({ industry: 'technology' })).toEqual([F.id, A.id, E.id]);
      expect(await ids({ industry: 'Technology', type: 'Internship', experienceLevel: 'Entry' })).toEqual([
        F.id,
      ]);
    });

    it('filters by salary range overlap, treating a lone bound as both ends', async () => {
      expect(await ids({ salaryUsd: { min: 85_000, max: 95_000 } })).toEqual([D.id]);
      expect(await ids({ salaryUsd: { min: 120_000, max: null } })).toEqual([A.id]);
      expect(await ids({ salaryUsd: { min: 30_000, max: 55_000 } })).toEqual([E.id, C.id]);
      expect(await ids({ salaryUsd: { min: 75_000, max: 100_000 } })).toEqual([F.id, D.id, A.id]);
    });

    it('filters isRemote: true is remote or hybrid, false is on-site only', async () => {
      expect(await ids({ isRemote: true })).toEqual([B.id, F.id, A.id, E.id, C.id]);
      expect(await ids({ isRemote: false })).toEqual([D.id]);
    });

    it('filters "I can work from" a country: open to it, worldwide ones included, unknown ones not', async () => {
      expect(await ids({ workFrom: 'DE' })).toEqual([B.id, A.id, E.id]);
      expect(await ids({ workFrom: 'de' })).toEqual([B.id, A.id, E.id]);
      expect(await ids({ workFrom: 'US' })).toEqual([B.id, D.id]);
      expect(await ids({ workFrom: 'JP' })).toEqual([B.id]);
      expect(await ids({ workFrom: 'CA', isRemote: true })).toEqual([B.id, F.id]);
      expect(await ids({ workFrom: 'GB', text: 'analyst' })).toEqual([C.id]);
    });

    it('filters time-zone overlap, my offset ± hours, bounds included; worldwide without a range matches', async () => {
      expect(await ids({ timezone: { offset: 2, hours: 0 } })).toEqual([B.id, A.id, E.id]);
      expect(await ids({ timezone: { offset: -3, hours: 2 } })).toEqual([B.id, F.id, D.id]);
      expect(await ids({ timezone: { offset: 3, hours: 0 } })).toEqual([B.id, E.id]);
      expect(await ids({ timezone: { offset: -4, hours: 0 } })).toEqual([B.id, D.id]);
      expect(await ids({ timezone: { offset: 5.5, hours: 1 } })).toEqual([B.id]);
      const G = doc(7, {
        title: 'Support Engineer',
        location: 'Worldwide, UTC-3 to UTC+3',
        isRemote: true,
        workFromWorldwide: true,
        utcMin: -3,
        utcMax: 3,
        datePosted: '2024-05-13T09:00:00.000Z',
      });
      const H = doc(8, {
        title: 'Mystery Role',
        location: 'Remote',
        isRemote: true,
        datePosted: '2024-05-14T09:00:00.000Z',
      });
      await index.upsert([G, H]);
      expect(await ids({ timezone: { offset: 5, hours: 1 } })).toEqual([B.id]);
      expect(await ids({ timezone: { offset: 4, hours: 1 } })).toEqual([G.id, B.id, E.id]);
      expect(await ids({ workFrom: 'JP' })).toEqual([G.id, B.id]);
      expect(await ids({ workFrom: 'JP', timezone: { offset: 9, hours: 2 } })).toEqual([B.id]);
      expect((await index.search(query({ timezone: { offset: 4, hours: 1 } }))).total).toBe(3);
    });

    it('sorts by date, title and company in both orders with date then id as tie-breakers', async () => {
      expect(await ids({ sortBy: 'datePosted', sortOrder: 'desc' })).toEqual(NEWEST_FIRST);
      expect(await ids({ sortBy: 'datePosted', sortOrder: 'asc' })).toEqual(
        [C, E, A, D, B, F].map((d) => d.id),
      );
      const byTitle = [D, E, C, F, B, A].map((d) => d.id);
      expect(await ids({ sortBy: 'title', sortOrder: 'asc' })).toEqual(byTitle);
      expect(await ids({ sortBy: 'title', sortOrder: 'desc' })).toEqual([...byTitle].reverse());
      expect(await ids({ sortBy: 'company', sortOrder: 'asc' })).toEqual([A, E, B, F, C, D].map((d) => d.id));
      expect(await ids({ sortBy: 'company', sortOrder: 'desc' })).toEqual(
        [D, C, F, B, A, E].map((d) => d.id),
      );
    });

    it('sorts text results by the requested order when one is given', async () => {
      expect(await ids({ text: 'engineer', sortBy: 'title', sortOrder: 'asc' })).toEqual([D.id, B.id, A.id]);
    });

    it('pages in a stable order with the exact total on every page', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const result = await index.search(query({ page, pageSize: 2 }));
        expect(result.total).toBe(6);
        expect(result.ids.length).toBe(page <= 3 ? 2 : 0);
        seen.push(...result.ids);
      }
      expect(seen).toEqual(NEWEST_FIRST);
      const filtered = await index.search(query({ isRemote: true, page: 2, pageSize: 3 }));
      expect(filtered).toEqual({ ids: [E.id, C.id], total: 5 });
    });

    it('removes documents', async () => {
      await index.remove([D.id, uuid(999)]);
      const result = await index.search(query());
      expect(result.total).toBe(5);
      expect(result.ids).not.toContain(D.id);
      expect(await ids({ text: 'umbrella' })).toEqual([]);
    });

    it('replaces a document upserted again with the same id, without duplicating it', async () => {
      await index.upsert([{ ...A, title: 'Staff Platform Engineer', skills: ['Kotlin'] }]);
      await index.upsert([{ ...A, title: 'Staff Platform Engineer', skills: ['Kotlin'] }]);
      const result = await index.search(query());
      expect(result.total).toBe(6);
      expect(new Set(result.ids).size).toBe(6);
      expect(await ids({ text: 'staff platform' })).toEqual([A.id]);
      expect(await ids({ text: 'software' })).toEqual([]);
      expect(await index.suggest('senior')).toEqual([]);
      expect(await index.suggest('kotl')).toEqual(['Kotlin']);
    });

    it('suggests distinct titles, companies and skills for a prefix, case-insensitively', async () => {
      expect(await index.suggest('ac')).toEqual(['Acme']);
      expect(await index.suggest('AC')).toEqual(['Acme']);
      expect(await index.suggest('reac')).toEqual(['React']);
      expect(await index.suggest('typescr')).toEqual(['TypeScript']);
      expect(await index.suggest('data an')).toEqual(['Data Analyst']);
      const engineers = await index.suggest('engineer');
      expect(engineers).toEqual(expect.arrayContaining(['Senior Software Engineer', 'Backend Engineer']));
    });

    it('returns at most 8 suggestions, or the limit asked for', async () => {
      await index.upsert(
        Array.from({ length: 12 }, (_, i) => doc(100 + i, { title: `Widget Maker ${i + 1}` })),
      );
      const eight = await index.suggest('widget');
      expect(eight).toHaveLength(8);
      expect(new Set(eight).size).toBe(8);
      expect(await index.suggest('widget', 3)).toHaveLength(3);
    });

    it("drops a removed document's terms unless another document still has them", async () => {
      await index.remove([D.id, A.id]);
      expect(await index.suggest('umbrel')).toEqual([]);
      expect(await index.suggest('postgres')).toEqual([]);
      expect(await index.suggest('reac')).toEqual(['React']); // F still has it
      expect(await index.suggest('acm')).toEqual(['Acme']); // E still has it
    });

    it('tolerates a typo in the text', async () => {
      const result = await index.search(query({ text: 'enginer', sortBy: 'relevance' }));
      expect(result.ids).toEqual(expect.arrayContaining([A.id, D.id]));
      expect(result.total).toBe(result.ids.length);
      expect(await ids({ text: 'globx' })).toEqual([B.id]);
      expect(await ids({ text: 'desiner' })).toEqual([B.id]);
      expect(await ids({ text: 'enginer', type: 'Part-Time' })).toEqual([D.id]);
      expect(await ids({ text: 'qqqzzz' })).toEqual([]);
    });

    it('clears everything', async () => {
      await index.clear();
      expect(await index.search(query())).toEqual({ ids: [], total: 0 });
      expect(await index.suggest('ac')).toEqual([]);
    });
  });
}

contractSuite('memory (embedded)', async () => ({
  index: createMemorySearchIndex(),
  close: async () => undefined,
}));

let db: TestDatabase | undefined;
contractSuite('postgres', async () => {
  db = await createTestDatabase('search');
  return { index: createPostgresSearchIndex(db.pool), close: async () => db?.drop() };
});

describe('postgres search index', () => {
  it("stores every description word as the lexeme to_tsvector('simple') makes of it, and finds it", async () => {
    const own = await createTestDatabase('search_lexemes');
    try {
      const index = createPostgresSearchIndex(own.pool);
      await index.ensureReady();
      const text =
        'Build APIs in Go, C++ and C#; ship v2 of the café’s 東京 office app. Straße 2024 ﬁne ÉCOLE naïve x86 ' +
        'node.js 3.5 I/O 24/7 Ελληνικά ' +
        'a'.repeat(300);
      await index.upsert([doc(1, { descriptionText: text })]);
      const { rows } = await own.pool.query<{ same: boolean; missing: string[] }>(
        `select strip(tsv) = strip(head_tsv || to_tsvector('simple', $1)) as same,
                array(select unnest(tsvector_to_array(to_tsvector('simple', $1)))
                      except select unnest(tsvector_to_array(tsv))) as missing
         from job_search where id = $2`,
        [searchWords(text).join(' '), uuid(1)],
      );
      expect(rows[0]).toEqual({ same: true, missing: [] });
      for (const word of [
        'cpp',
        'csharp',
        '東京',
        'cafe',
        'straße',
        '2024',
        'fine',
        'ecole',
        'x86',
        'ελληνικα',
      ])
        expect((await index.search(query({ text: word }))).ids, word).toEqual([uuid(1)]);
    } finally {
      await own.drop();
    }
  });

  it('returns a known total instead of counting for filter queries, and counts text queries itself', async () => {
    const own = await createTestDatabase('search_hint');
    try {
      const index = createPostgresSearchIndex(own.pool);
      await index.ensureReady();
      await index.upsert(ALL);
      const filtered = query({ isRemote: true, page: 2, pageSize: 2 });
      const exact = await index.search(filtered);
      expect(await index.search(filtered, { knownTotal: 42 })).toEqual({ ids: exact.ids, total: 42 });
      // Past the known end: no page query at all (a hint of 2 makes page 2 of size 2 empty).
      expect(await index.search(filtered, { knownTotal: 2 })).toEqual({ ids: [], total: 2 });
      expect(await index.search(query({ page: 4, pageSize: 2 }))).toEqual({ ids: [], total: ALL.length });
      const text = query({ text: 'engineer' });
      expect(await index.search(text, { knownTotal: 42 })).toEqual(await index.search(text));
    } finally {
      await own.drop();
    }
  });

  it('a bulk load sets the secondary indexes aside and builds the same ones at the end, or at the next start after a crash', async () => {
    const own = await createTestDatabase('search_bulk');
    try {
      const index = createPostgresSearchIndex(own.pool);
      await index.ensureReady();
      const indexes = async () =>
        (
          await own.pool.query<{ d: string }>(
            "select indexdef as d from pg_indexes where tablename = 'job_search' order by indexname",
          )
        ).rows.map((r) => r.d);
      const before = await indexes();
      expect(before.length).toBeGreaterThan(10);
      const answers = async () =>
        Promise.all(
          [query({ text: 'engineer' }), query({ isRemote: true }), query({ sortBy: 'title' })].map((q) =>
            index.search(q),
          ),
        );

      // The answers of the same documents written outside a bulk load.
      await index.upsert(ALL);
      const expected = await answers();
      await index.clear();

      await index.bulkLoad!('begin');
      expect(await indexes()).toEqual([before.find((d) => /job_search_pkey/.test(d))]);
      await index.upsert(ALL);
      // (Meanwhile the totals may be short: the document and facet counts are left to the end.)
      await index.bulkLoad!('end');
      expect(await indexes()).toEqual(before);
      expect(await answers()).toEqual(expected);

      // A process that died between the two: the next start builds them, and counts.
      await index.clear();
      await index.bulkLoad!('begin');
      await index.upsert(ALL);
      await createPostgresSearchIndex(own.pool).ensureReady();
      expect(await indexes()).toEqual(before);
      expect(await answers()).toEqual(expected);
    } finally {
      await own.drop();
    }
  });

  it('answers filter totals from the facet counts exactly as a count of the documents would, through updates and removals', async () => {
    const own = await createTestDatabase('search_facets');
    try {
      const index = createPostgresSearchIndex(own.pool);
      await index.ensureReady();
      const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
      const continents = [null, 'Europe', 'North America', 'Asia'];
      const salaries: [number | null, number | null][] = [
        [null, null],
        [60_000, 90_000],
        [120_000, null],
        [null, 150_000],
        [80_000, 80_000],
        [200_000, 260_000],
      ];
      const make = (n: number, shift = 0) =>
        doc(100 + n, {
          continent: pick(continents, n + shift),
          location: n % 7 === 0 ? 'Anywhere' : 'Some City',
          isRemote: (n + shift) % 3 === 0,
          isHybrid: (n + shift) % 5 === 0,
          type: pick(['Full-Time', 'Contract', 'Part-Time'], n + shift),
          experienceLevel: pick(['Senior', 'Mid-level', 'Entry-level'], n * 7 + shift),
          industry: pick(['Technology', 'Design', 'Finance'], n * 3 + shift),
          salaryMinUsd: pick(salaries, n + shift)[0],
          salaryMaxUsd: pick(salaries, n + shift)[1],
        });
      await index.upsert(Array.from({ length: 120 }, (_, n) => make(n)));
      await index.upsert(Array.from({ length: 40 }, (_, n) => make(n * 3, 1))); // changed documents
      await index.remove(Array.from({ length: 15 }, (_, n) => uuid(100 + n * 8)));
      const queries: Partial<JobSearchQuery>[] = [
        { isRemote: true },
        { isRemote: false },
        { type: 'Contract' },
        { experienceLevel: 'senior', industry: 'Design' },
        { location: { kind: 'continent', continent: 'Europe', remoteOnly: false } },
        { location: { kind: 'continent', continent: 'europe', remoteOnly: true }, type: 'Full-Time' },
        { location: { kind: 'worldwideRemote' } },
        ...[
          [50_000, 80_000],
          [80_000, 120_000],
          [120_000, 150_000],
          [150_000, null],
        ].map(([min, max]) => ({ salaryUsd: { min: min!, max: max ?? null }, isRemote: true })),
      ];
      let nonZero = 0;
      for (const q of queries) {
        // A condition the facets do not carry (a date long past) makes the index count job_search itself.
        const counted = await index.search(query({ ...q, postedAfter: '1970-01-01T00:00:00.000Z' }));
        const fromFacets = await index.search(query(q));
        expect(fromFacets, JSON.stringify(q)).toEqual(counted);
        if (counted.total > 0) nonZero++;
      }
      expect(nonZero).toBeGreaterThanOrEqual(8);
      const { rows } = await own.pool.query<{ sum: number; n: number }>(
        'select (select sum(documents)::int from job_search_facets) as sum, (select count(*)::int from job_search) as n',
      );
      expect(rows[0]!.sum).toBe(rows[0]!.n);
    } finally {
      await own.drop();
    }
  });

  it('counts a text query exactly up to the cap and estimates above it', async () => {
    const own = await createTestDatabase('search_cap');
    try {
      const index = createPostgresSearchIndex(own.pool);
      await index.ensureReady();
      const many = Array.from({ length: TEXT_COUNT_CAP + 500 }, (_, n) =>
        doc(10_000 + n, { title: n % 2 ? 'Platform Engineer' : 'Data Engineer' }),
      );
      for (let i = 0; i < many.length; i += 2000) await index.upsert(many.slice(i, i + 2000));
      await own.pool.query('analyze job_search');
      const big = await index.search(query({ text: 'engineer' }));
      expect(big.ids.length).toBeGreaterThan(0);
      expect(big.total).toBeGreaterThan(TEXT_COUNT_CAP);
      expect(big.total).toBeLessThan(TEXT_COUNT_CAP * 1.5);
      // Under the cap: exact.
      expect((await index.search(query({ text: 'platform engineer' }))).total).toBe(
        (TEXT_COUNT_CAP + 500) / 2,
      );
    } finally {
      await own.drop();
    }
  });

  it('keeps the unfiltered total (a stored count) equal to the documents, and fills it when migrating an older index', async () => {
    const own = await createTestDatabase('search_count');
    try {
      const index = createPostgresSearchIndex(own.pool);
      await index.ensureReady();
      const count = async () =>
        (await own.pool.query<{ n: number }>('select count(*)::int as n from job_search')).rows[0]!.n;
      await index.upsert(ALL);
      await index.upsert([{ ...A, title: 'Changed' }, ALL[1]!]);
      await index.remove([A.id, uuid(12345)]);
      await index.remove([A.id]);
      expect((await index.search(query())).total).toBe(ALL.length - 1);
      expect(await count()).toBe(ALL.length - 1);
      // An index made before the count existed: the migration counts what is there.
      await own.pool.query('drop table job_search_stats; delete from search_migrations where version = 4');
      await index.ensureReady();
      expect((await index.search(query())).total).toBe(ALL.length - 1);
      // Likewise the facet counts: filled from the documents by their migration.
      const remote = await index.search(query({ isRemote: true }));
      expect(remote.total).toBeGreaterThan(0);
      await own.pool.query('drop table job_search_facets; delete from search_migrations where version = 5');
      await index.ensureReady();
      expect(await index.search(query({ isRemote: true }))).toEqual(remote);
    } finally {
      await own.drop();
    }
  });

  it('migrates concurrently without errors', async () => {
    const own = await createTestDatabase('search_mig');
    try {
      await Promise.all([1, 2, 3].map(() => createPostgresSearchIndex(own.pool).ensureReady()));
      const { rows } = await own.pool.query<{ n: number }>(
        'select count(*)::int as n from search_migrations',
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await own.drop();
    }
  });
});

const meiliUrl = process.env.MEILI_URL;
describe.skipIf(!meiliUrl)('meilisearch adapter', () => {
  const indexName = `jobs_test_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  contractSuite('meilisearch', async () => {
    const url = meiliUrl ?? '';
    const apiKey = process.env.MEILI_MASTER_KEY;
    return {
      index: createMeilisearchIndex({ url, apiKey, indexName }),
      close: async () => {
        await new Meilisearch({ host: url, apiKey }).deleteIndex(indexName).waitTask();
      },
    };
  });
});
