import fc from 'fast-check';
import { expect } from 'vitest';
import type { JobSearchQuery } from '@jobs/contracts';
import { normalizeKey, searchWords, wholeWordsPattern, WORLDWIDE_PATTERN } from '../text';
import type { IndexedJob, MemoryEngine } from './engine';
import { encodeSnapshot } from './snapshot';
import { typoBudget } from './terms';

/**
 * Test helpers for the embedded engine: random jobs and queries, and a brute-force model of the index's rules
 * (every filter, sort, page and total, and the typo rules) to compare answers with.
 */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const VOCAB = [
  'engineer',
  'engineering',
  'engine',
  'enginer',
  'designer',
  'design',
  'desk',
  'senior',
  'sensor',
  'react',
  'reactor',
  'python',
  'pythons',
  'platform',
  'data',
  'date',
  'analyst',
  'analytics',
  'go',
  'golang',
  'kubernetes',
  'kubernets',
  'backend',
  'frontend',
  'remote',
  'berlin',
  'london',
  'manager',
  'management',
  'product',
  'production',
  'sales',
  'scala',
  'security',
  'secure',
];
const LOCATIONS = [
  'Berlin, Germany',
  'Remote - Worldwide',
  'London, UK',
  'Anywhere',
  'New York, NY',
  'Toronto',
];
const CONTINENTS = [null, 'Europe', 'North America'];
const COUNTRIES = [null, 'DE', 'GB', 'US', 'Canada'];
const TYPES = ['Full-Time', 'Contract', 'Part-Time'];
const LEVELS = ['Senior', 'Mid-level', 'Entry'];
const INDUSTRIES = ['Technology', 'Design', 'Finance'];

const words = (n: number) => fc.array(fc.constantFrom(...VOCAB), { minLength: 0, maxLength: n });

export const jobArb = (id: number) =>
  fc
    .record({
      title: words(3),
      company: fc.constantFrom('Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli Labs'),
      location: fc.constantFrom(...LOCATIONS),
      country: fc.constantFrom(...COUNTRIES),
      continent: fc.constantFrom(...CONTINENTS),
      isRemote: fc.boolean(),
      isHybrid: fc.boolean(),
      type: fc.constantFrom(...TYPES),
      experienceLevel: fc.constantFrom(...LEVELS),
      industry: fc.constantFrom(...INDUSTRIES),
      salaryMinUsd: fc.option(fc.integer({ min: 3, max: 20 }).map((k) => k * 10_000)),
      salaryMaxUsd: fc.option(fc.integer({ min: 3, max: 25 }).map((k) => k * 10_000)),
      skills: words(2),
      description: words(8),
      day: fc.integer({ min: 1, max: 6 }),
      workFromWorldwide: fc.boolean(),
      workFromCountries: fc.uniqueArray(fc.constantFrom('DE', 'GB', 'US', 'CA', 'JP'), { maxLength: 3 }),
      utc: fc.option(
        fc
          .tuple(fc.integer({ min: -8, max: 9 }), fc.integer({ min: 0, max: 6 }))
          .map(([lo, width]) => [lo, lo + width] as const),
      ),
    })
    .map((r): IndexedJob => ({
      id: uuid(id),
      title: r.title.length ? r.title.join(' ') : 'Untitled',
      company: r.company,
      location: r.location,
      country: r.country,
      continent: r.continent,
      isRemote: r.isRemote,
      isHybrid: r.isHybrid,
      type: r.type,
      experienceLevel: r.experienceLevel,
      industry: r.industry,
      salaryMinUsd: r.salaryMinUsd,
      salaryMaxUsd: r.salaryMaxUsd,
      skills: r.skills,
      descriptionText: r.description.join(' '),
      datePosted: `2024-05-0${r.day}T09:00:00.000Z`,
      workFromWorldwide: r.workFromWorldwide,
      workFromCountries: r.workFromWorldwide ? [] : r.workFromCountries,
      utcMin: r.utc?.[0] ?? null,
      utcMax: r.utc?.[1] ?? null,
    }));

// ---- the model

/** Optimal string alignment distance. */
function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

const typoMemo = new Map<string, number | null>();

/** Typos a term takes to stand for the query word, or null when it does not. */
function typosFor(word: string, term: string, prefix: boolean): number | null {
  const key = `${word}|${term}|${prefix}`;
  if (!typoMemo.has(key)) typoMemo.set(key, typosUncached(word, term, prefix));
  return typoMemo.get(key)!;
}

function typosUncached(word: string, term: string, prefix: boolean): number | null {
  const budget = typoBudget(word);
  let dist: number;
  if (prefix) {
    dist = Infinity;
    for (let l = 1; l <= term.length; l++) dist = Math.min(dist, osa(word, term.slice(0, l)));
  } else dist = osa(word, term);
  if (budget === 0) return dist === 0 ? 0 : null;
  if (term[0] === word[0]) return dist <= budget ? dist : null;
  return budget === 2 && dist <= 1 ? dist + 1 : null;
}

/** How many matches need no typo, and how many need one. */
export function modelTiers(
  docs: Map<string, IndexedJob>,
  q: JobSearchQuery,
): { exact: number; typo: number } {
  const rows = modelRows(docs, q);
  const exact = rows.filter((r) => r.tier === 0).length;
  return { exact, typo: rows.length - exact };
}

export function modelSearch(
  docs: Map<string, IndexedJob>,
  q: JobSearchQuery,
): { ids: string[]; total: number } {
  const rows = modelRows(docs, q);
  const offset = (q.page - 1) * q.pageSize;
  return { ids: rows.slice(offset, offset + q.pageSize).map((r) => r.doc.id), total: rows.length };
}

function modelRows(
  docs: Map<string, IndexedJob>,
  q: JobSearchQuery,
): { doc: IndexedJob; tier: number; score: number }[] {
  const qWords = q.text ? searchWords(q.text) : [];
  const rows: { doc: IndexedJob; tier: number; score: number }[] = [];
  for (const doc of docs.values()) {
    if (!passesFilters(doc, q)) continue;
    const title = new Set(searchWords(doc.title));
    const cs = new Set(searchWords([doc.company, ...doc.skills].join(' ')));
    const loc = new Set(searchWords([doc.location, doc.country ?? '', doc.continent ?? ''].join(' ')));
    const all = new Set([...title, ...cs, ...loc, ...searchWords(doc.descriptionText)]);
    let tier = 0;
    let score = 0;
    let ok = true;
    for (let i = 0; i < qWords.length && ok; i++) {
      const prefix = i === qWords.length - 1;
      let best: number | null = null;
      const fieldOf = (set: Set<string>) => [...set].some((t) => typosFor(qWords[i]!, t, prefix) !== null);
      for (const t of all) {
        const typos = typosFor(qWords[i]!, t, prefix);
        if (typos !== null && (best === null || typos < best)) best = typos;
      }
      if (best === null) ok = false;
      else {
        if (best > 0) tier = 1;
        score += fieldOf(title) ? 3 : fieldOf(cs) ? 2 : fieldOf(loc) ? 1 : 0;
      }
    }
    if (ok) rows.push({ doc, tier, score });
  }
  const byDateDesc = (a: IndexedJob, b: IndexedJob) =>
    Date.parse(b.datePosted) - Date.parse(a.datePosted) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const cmpKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const dir = q.sortOrder === 'asc' ? 1 : -1;
  const sorter = (a: IndexedJob, b: IndexedJob): number => {
    switch (q.sortBy) {
      case 'relevance':
        return byDateDesc(a, b);
      case 'datePosted':
        return (
          dir * (Date.parse(a.datePosted) - Date.parse(b.datePosted)) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
        );
      case 'title':
        return dir * cmpKey(a.title.toLowerCase(), b.title.toLowerCase()) || byDateDesc(a, b);
      case 'company':
        return dir * cmpKey(a.company.toLowerCase(), b.company.toLowerCase()) || byDateDesc(a, b);
    }
  };
  rows.sort(
    (a, b) => a.tier - b.tier || (q.sortBy === 'relevance' ? b.score - a.score : 0) || sorter(a.doc, b.doc),
  );
  return rows;
}

function passesFilters(doc: IndexedJob, q: JobSearchQuery): boolean {
  const loc = q.location;
  if (loc?.kind === 'place') {
    const place = normalizeKey(loc.value);
    const location = doc.location.toLowerCase();
    const country = doc.country?.toLowerCase();
    const found = loc.country
      ? country === loc.country.code.toLowerCase() ||
        (loc.country.names.length > 0 && new RegExp(wholeWordsPattern(loc.country.names)).test(location))
      : location.includes(place) || country === place;
    if (!found) return false;
  } else if (loc?.kind === 'continent') {
    if (doc.continent?.toLowerCase() !== normalizeKey(loc.continent)) return false;
    if (loc.remoteOnly && !doc.isRemote) return false;
  } else if (loc?.kind === 'worldwideRemote') {
    if (!doc.isRemote || !(doc.continent === null || WORLDWIDE_PATTERN.test(doc.location))) return false;
  }
  if (q.experienceLevel && doc.experienceLevel.toLowerCase() !== normalizeKey(q.experienceLevel))
    return false;
  if (q.type && doc.type.toLowerCase() !== normalizeKey(q.type)) return false;
  if (q.industry && doc.industry.toLowerCase() !== normalizeKey(q.industry)) return false;
  if (q.isRemote === true && !doc.isRemote && !doc.isHybrid) return false;
  if (q.isRemote === false && (doc.isRemote || doc.isHybrid)) return false;
  if (q.salaryUsd) {
    const lo = doc.salaryMinUsd ?? doc.salaryMaxUsd;
    const hi = doc.salaryMaxUsd ?? doc.salaryMinUsd;
    if (hi === null || hi < q.salaryUsd.min) return false;
    if (q.salaryUsd.max !== null && (lo === null || lo > q.salaryUsd.max)) return false;
  }
  if (q.postedAfter && Date.parse(doc.datePosted) < Date.parse(q.postedAfter)) return false;
  if (q.workFrom !== undefined) {
    const code = q.workFrom.toUpperCase();
    if (!doc.workFromWorldwide && !doc.workFromCountries.includes(code)) return false;
  }
  if (q.timezone) {
    const lo = q.timezone.offset - q.timezone.hours;
    const hi = q.timezone.offset + q.timezone.hours;
    if (doc.utcMin === null || doc.utcMax === null) {
      if (!doc.workFromWorldwide) return false;
    } else if (doc.utcMin > hi || doc.utcMax < lo) return false;
  }
  return true;
}

// ---- queries

const typed = fc.oneof(
  fc.constantFrom(...VOCAB),
  fc.constantFrom(...VOCAB),
  // a word being typed, or one with a typo (dropped, doubled, swapped or changed letter)
  fc.tuple(fc.constantFrom(...VOCAB), fc.integer({ min: 1, max: 12 })).map(([w, n]) => w.slice(0, n)),
  fc
    .tuple(fc.constantFrom(...VOCAB), fc.nat(), fc.constantFrom('drop', 'double', 'swap', 'change'))
    .map(([w, at, how]) => {
      const i = at % w.length;
      if (how === 'drop') return w.slice(0, i) + w.slice(i + 1) || w;
      if (how === 'double') return w.slice(0, i + 1) + w.slice(i);
      if (how === 'swap' && i + 1 < w.length) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      return w.slice(0, i) + 'x' + w.slice(i + 1);
    }),
  fc.constantFrom('zz', 'qqqzzz', 'x'),
);

/** Mostly absent: with every filter present half the time, nearly every answer would be empty. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

export const queryArb: fc.Arbitrary<JobSearchQuery> = fc.record({
  text: fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 3,
      arbitrary: fc.oneof(
        { weight: 3, arbitrary: typed },
        { weight: 1, arbitrary: fc.tuple(typed, typed).map((w) => w.join(' ')) },
      ),
    },
  ),
  location: rarely(
    fc.oneof(
      fc.constantFrom('berlin', 'Germany', 'de', 'us', 'remote', 'york', 'mars').map((value) => ({
        kind: 'place' as const,
        value,
      })),
      fc
        .tuple(fc.constantFrom('Europe', 'north america', 'Asia'), fc.boolean())
        .map(([continent, remoteOnly]) => ({ kind: 'continent' as const, continent, remoteOnly })),
      fc.constant({ kind: 'worldwideRemote' as const }),
    ),
  ),
  experienceLevel: rarely(fc.constantFrom('senior', 'Entry', 'Lead')),
  type: rarely(fc.constantFrom('full-time', 'Contract')),
  industry: rarely(fc.constantFrom('technology', 'Finance')),
  salaryUsd: rarely(
    fc.constantFrom(
      { min: 50_000, max: 80_000 },
      { min: 120_000, max: null },
      { min: 100_000, max: 150_000 },
    ),
  ),
  isRemote: rarely(fc.boolean()),
  postedAfter: rarely(fc.constantFrom('2024-05-03T00:00:00.000Z', '2024-05-05T09:00:00.000Z')),
  workFrom: rarely(fc.constantFrom('DE', 'us', 'JP', 'FR')),
  timezone: rarely(
    fc.tuple(fc.constantFrom(-5, 0, 1, 5.5, 9), fc.constantFrom(0, 2, 4)).map(([offset, hours]) => ({
      offset,
      hours,
    })),
  ),
  sortBy: fc.constantFrom('relevance', 'datePosted', 'title', 'company'),
  sortOrder: fc.constantFrom('asc', 'desc'),
  page: fc.oneof(
    { weight: 3, arbitrary: fc.constant(1) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 4 }) },
  ),
  pageSize: fc.constantFrom(1, 3, 10, 50),
});

export type Op =
  | { op: 'upsert'; job: IndexedJob }
  | { op: 'remove'; id: number }
  | { op: 'compact' }
  | { op: 'search'; q: JobSearchQuery };

export const opsArb = fc.array(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .integer({ min: 1, max: 120 })
        .chain((id) => jobArb(id))
        .map((job) => ({ op: 'upsert' as const, job })),
    },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 120 }).map((id) => ({ op: 'remove' as const, id })) },
    { weight: 1, arbitrary: fc.constant({ op: 'compact' as const }) },
    { weight: 4, arbitrary: queryArb.map((q) => ({ op: 'search' as const, q })) },
  ),
  { minLength: 20, maxLength: 100 },
);

/** A board already holding jobs, so that queries find something from the first step. */
export const initialArb = fc
  .integer({ min: 10, max: 60 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => jobArb(200 + i))));

/** Applies `ops` to the engine and the model, comparing every search; `onSearch` sees each expected answer. */
export function replay(
  engine: {
    upsert(job: IndexedJob): void;
    remove(id: string): boolean;
    compact(budgetMs?: number): boolean;
    search(q: JobSearchQuery): unknown;
  },
  model: Map<string, IndexedJob>,
  ops: Op[],
  onSearch: (q: JobSearchQuery, expected: { ids: string[]; total: number }) => void = () => undefined,
): void {
  for (const step of ops) {
    if (step.op === 'upsert') {
      engine.upsert(step.job);
      model.set(step.job.id, step.job);
    } else if (step.op === 'remove') {
      engine.remove(uuid(step.id));
      model.delete(uuid(step.id));
    } else if (step.op === 'compact') {
      while (!engine.compact(0));
    } else {
      const expected = modelSearch(model, step.q);
      expect(engine.search(step.q), JSON.stringify(step.q)).toEqual(expected);
      onSearch(step.q, expected);
    }
  }
}

/** The index as bytes (its snapshot without the time it was made): two builds are the same index when equal. */
export function indexBytes(engine: MemoryEngine): Buffer {
  const at = { commit: 1, prepare: 1 };
  const { header, sections } = encodeSnapshot(engine, at, {
    streamId: 's',
    revision: 0,
    id: 'e',
    position: at,
  });
  const json = new TextDecoder().decode(header.subarray(16)).replace(/"createdAt":"[^"]*"/, '');
  return Buffer.concat([Buffer.from(json), ...sections.map((s) => Buffer.from(s.bytes))]);
}
