import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JobSearchQuery } from '@jobs/contracts';
import { MemoryEngine, type IndexedJob } from './engine';
import { initialArb, modelSearch, modelTiers, opsArb, replay, uuid, type Op } from './testing';

/**
 * The embedded engine against a brute-force model of the same rules: every filter, every sort, paging, exact
 * totals, and the typo rules (Meilisearch's: one typo from 5 letters, two from 9, a typo on the first letter
 * counts as two; exact and prefix matches rank before typo matches). Random documents are inserted, replaced
 * and removed, with compactions in between, and every answer must equal the model's.
 */

describe('embedded search engine', () => {
  for (const paging of ['walk', 'rank'] as const) {
    it(`answers every query like a brute-force model of its rules, through upserts, removals and compactions (pages by ${paging})`, () => {
      const seen = { searches: 0, found: 0, typoOnly: 0, mixedTiers: 0, laterPages: 0 };
      fc.assert(
        fc.property(initialArb, opsArb, (initial: IndexedJob[], ops: Op[]) => {
          const engine = new MemoryEngine({ paging });
          const model = new Map<string, IndexedJob>();
          for (const job of initial) {
            engine.upsert(job);
            model.set(job.id, job);
          }
          replay(engine, model, ops, (q, expected) => {
            seen.searches++;
            if (expected.ids.length) seen.found++;
            if (expected.ids.length && q.page > 1) seen.laterPages++;
            const tiers = modelTiers(model, q);
            if (tiers.typo > 0 && tiers.exact === 0) seen.typoOnly++;
            if (tiers.typo > 0 && tiers.exact > 0) seen.mixedTiers++;
          });
          expect(engine.size).toBe(model.size);
        }),
        { seed: 1725, numRuns: 200 },
      );
      // The run must have exercised what it claims to check.
      expect(seen.found / seen.searches, JSON.stringify(seen)).toBeGreaterThan(0.3);
      expect(seen.typoOnly).toBeGreaterThan(50);
      expect(seen.mixedTiers).toBeGreaterThan(50);
      expect(seen.laterPages).toBeGreaterThan(50);
    }, 120_000);
  }

  it('finds jobs with one typo from 5 letters and two from 9, exact and prefix matches first', () => {
    const engine = new MemoryEngine();
    const job = (n: number, title: string, day: number): IndexedJob => ({
      id: uuid(n),
      title,
      company: 'Acme',
      location: 'Berlin',
      country: null,
      continent: 'Europe',
      isRemote: true,
      isHybrid: false,
      type: 'Full-Time',
      experienceLevel: 'Senior',
      industry: 'Technology',
      salaryMinUsd: null,
      salaryMaxUsd: null,
      skills: [],
      descriptionText: '',
      datePosted: `2024-05-0${day}T00:00:00.000Z`,
      workFromWorldwide: false,
      workFromCountries: [],
      utcMin: null,
      utcMax: null,
    });
    engine.upsert(job(1, 'Kubernetes Operator', 1));
    engine.upsert(job(2, 'Kubernets Admin', 9)); // a typo in the posting itself, newer
    engine.upsert(job(3, 'Desk Officer', 5));
    const q = (text: string) =>
      engine.search({ text, sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 10 });
    // 'kubernetes' matches itself exactly and 'kubernets' with one typo: the exact match comes first though older.
    expect(q('kubernetes')).toEqual({ ids: [uuid(1), uuid(2)], total: 2 });
    expect(q('kubernets')).toEqual({ ids: [uuid(2), uuid(1)], total: 2 });
    // Four letters: no typo allowed ('desk' is not 'desi'), five: one ('desks' finds 'desk').
    expect(q('desi').total).toBe(0);
    expect(q('desks')).toEqual({ ids: [uuid(3)], total: 1 });
    // A typo on the first letter counts as two: 'xubernetes' (10 letters) finds 'kubernetes' (one change, counted
    // as two) but not 'kubernets' (one more); 'fesks' (5 letters, one typo allowed) finds nothing.
    expect(q('xubernetes')).toEqual({ ids: [uuid(1)], total: 1 });
    expect(q('fesks').total).toBe(0);
    // Swapped letters are one typo: both jobs match with one typo each, so newest first.
    expect(q('kubernetse')).toEqual({ ids: [uuid(2), uuid(1)], total: 2 });
    expect(q('qqqzzz')).toEqual({ ids: [], total: 0 });

    // A word's derivations are remembered between queries, never across a write: a new term, or a job removed,
    // shows in the next answer to the same words.
    expect(q('develper admin').total).toBe(0);
    engine.upsert(job(4, 'Developer Admin', 2));
    expect(q('develper admin')).toEqual({ ids: [uuid(4)], total: 1 });
    expect(q('develper')).toEqual({ ids: [uuid(4)], total: 1 });
    engine.remove(uuid(4));
    expect(q('develper admin')).toEqual({ ids: [], total: 0 });
    expect(q('kubernets admin')).toEqual({ ids: [uuid(2)], total: 1 });
  });

  it('keeps its sort orders right as documents come and go between queries', () => {
    const engine = new MemoryEngine();
    const make = (n: number, title: string, day: number): IndexedJob => ({
      id: uuid(n),
      title,
      company: `Co ${n % 7}`,
      location: 'Remote',
      country: null,
      continent: null,
      isRemote: true,
      isHybrid: false,
      type: 'Full-Time',
      experienceLevel: 'Senior',
      industry: 'Technology',
      salaryMinUsd: null,
      salaryMaxUsd: null,
      skills: [],
      descriptionText: 'words',
      datePosted: new Date(Date.UTC(2024, 0, 1 + day)).toISOString(),
      workFromWorldwide: false,
      workFromCountries: [],
      utcMin: null,
      utcMax: null,
    });
    const model = new Map<string, IndexedJob>();
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 50; i++) {
        const n = rnd(3000);
        if (rnd(4) === 0) {
          engine.remove(uuid(n));
          model.delete(uuid(n));
        } else {
          const job = make(n, `Title ${rnd(40)}`, rnd(300));
          engine.upsert(job);
          model.set(job.id, job);
        }
      }
      if (round % 9 === 0) while (!engine.compact(0));
      for (const sortBy of ['datePosted', 'title', 'company'] as const)
        for (const sortOrder of ['asc', 'desc'] as const) {
          const q: JobSearchQuery = { sortBy, sortOrder, page: 1 + rnd(3), pageSize: 25 };
          expect(engine.search(q)).toEqual(modelSearch(model, q));
        }
    }
  });

  it('suggests titles, companies and skills by prefix, word start, then typo', () => {
    const engine = new MemoryEngine();
    const base: Omit<IndexedJob, 'id' | 'title' | 'skills'> = {
      company: 'Globex',
      location: 'Remote',
      country: null,
      continent: null,
      isRemote: true,
      isHybrid: false,
      type: 'Full-Time',
      experienceLevel: 'Senior',
      industry: 'Technology',
      salaryMinUsd: null,
      salaryMaxUsd: null,
      descriptionText: '',
      datePosted: '2024-05-01T00:00:00.000Z',
      workFromWorldwide: false,
      workFromCountries: [],
      utcMin: null,
      utcMax: null,
    };
    engine.upsert({ ...base, id: uuid(1), title: 'Backend Engineer', skills: ['Go'] });
    engine.upsert({ ...base, id: uuid(2), title: 'Backend Engineer', skills: ['Kotlin'] });
    engine.upsert({ ...base, id: uuid(3), title: 'Engineering Manager', skills: [] });
    expect(engine.suggest('eng', 8)).toEqual(['Engineering Manager', 'Backend Engineer']);
    expect(engine.suggest('GLOB', 8)).toEqual(['Globex']);
    expect(engine.suggest('enginer', 8)).toEqual(['Backend Engineer', 'Engineering Manager']);
    engine.remove(uuid(1));
    engine.remove(uuid(2));
    expect(engine.suggest('back', 8)).toEqual([]);
    expect(engine.suggest('kot', 8)).toEqual([]);
  });
});
