import { describe, expect, it } from 'vitest';
import type { JobSearchQuery } from '@jobs/contracts';
import {
  buildFilter,
  buildSort,
  quote,
  rankSuggestions,
  suggestionTier,
  toMeiliDocument,
} from './meilisearch';

const base: JobSearchQuery = { sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 20 };

describe('meilisearch adapter (no server needed)', () => {
  it('quotes filter values, escaping backslashes and double quotes', () => {
    expect(quote('Köln "Mitte" \\ 2')).toBe('"Köln \\"Mitte\\" \\\\ 2"');
  });

  it('builds one AND filter from every filter, on lower-cased keys', () => {
    const filter = buildFilter(
      {
        ...base,
        location: { kind: 'continent', continent: 'Europe', remoteOnly: true },
        experienceLevel: 'Senior',
        type: 'Full-Time',
        industry: 'Tech "Big"',
        isRemote: false,
        salaryUsd: { min: 80000, max: 120000 },
      },
      true,
    );
    expect(filter).toBe(
      'continentKey = "europe" AND isRemote = true AND experienceKey = "senior" AND typeKey = "full-time" AND ' +
        'industryKey = "tech \\"big\\"" AND remoteOrHybrid = false AND salaryHi >= 80000 AND salaryLo <= 120000',
    );
    expect(buildFilter(base, true)).toBeUndefined();
    expect(buildFilter({ ...base, location: { kind: 'worldwideRemote' } }, true)).toBe(
      'isRemote = true AND isWorldwide = true',
    );
  });

  it('filters a place with CONTAINS when enabled, else by whole location parts', () => {
    const q: JobSearchQuery = { ...base, location: { kind: 'place', value: 'Berlin' } };
    expect(buildFilter(q, true)).toBe('(locationKey CONTAINS "berlin" OR countryKey = "berlin")');
    expect(buildFilter(q, false)).toBe('locationParts = "berlin"');
  });

  it('filters workFrom by country or worldwide, and time-zone overlap with worldwide jobs without a range', () => {
    expect(buildFilter({ ...base, workFrom: 'de' }, true)).toBe(
      '(workFromWorldwide = true OR workFromCountries = "DE")',
    );
    expect(buildFilter({ ...base, timezone: { offset: 5.5, hours: 2 } }, true)).toBe(
      '((utcMin <= 7.5 AND utcMax >= 3.5) OR (workFromWorldwide = true AND utcMin IS NULL))',
    );
  });

  it('stores lower-cased keys, location parts, worldwide and salary bounds', () => {
    const doc = toMeiliDocument({
      id: 'x',
      publicId: 1,
      slug: 's',
      title: 'Senior Engineer',
      company: 'Acme',
      companyLogo: null,
      location: 'Berlin, Germany (Anywhere in EU)',
      country: 'Germany',
      continent: 'Europe',
      isRemote: false,
      isHybrid: true,
      type: 'Full-Time',
      experienceLevel: 'Senior',
      industry: 'Tech',
      salary: null,
      salaryMinUsd: 90000,
      salaryMaxUsd: null,
      skills: [],
      descriptionText: '',
      excerpt: '',
      datePosted: '2024-05-01T10:00:00Z',
      source: 't',
      workFromWorldwide: false,
      workFromCountries: ['DE'],
      utcMin: 1,
      utcMax: 2,
    });
    expect(doc.locationParts).toEqual(expect.arrayContaining(['berlin', 'germany', 'anywhere in eu']));
    expect(doc).toMatchObject({
      titleSort: 'senior engineer',
      remoteOrHybrid: true,
      isWorldwide: true,
      salaryLo: 90000,
      salaryHi: 90000,
      datePostedTs: Date.parse('2024-05-01T10:00:00Z'),
    });
  });

  it('sorts with date then id as tie-breakers, and leaves relevance with text to the ranking rules', () => {
    expect(buildSort({ ...base, sortBy: 'title', sortOrder: 'asc' }, false)).toEqual([
      'titleSort:asc',
      'datePostedTs:desc',
      'id:asc',
    ]);
    expect(buildSort({ ...base, sortBy: 'relevance' }, true)).toBeUndefined();
    expect(buildSort({ ...base, sortBy: 'relevance' }, false)).toEqual(['datePostedTs:desc', 'id:asc']);
  });

  it('ranks suggestions: starts with, then a word starts with, then typos; distinct; limited', () => {
    expect(suggestionTier('eng', 'Engineering Manager')).toBe(0);
    expect(suggestionTier('eng', 'Backend Engineer')).toBe(1);
    expect(suggestionTier('enginer', 'Backend Engineer')).toBe(2);
    expect(suggestionTier('eng', 'Designer')).toBeNull();
    const ranked = rankSuggestions(
      'eng',
      [
        { value: 'Backend Engineer', count: 9 },
        { value: 'Engineering Manager', count: 2 },
        { value: 'engineering manager', count: 5 },
        { value: 'Designer', count: 50 },
        { value: 'English', count: 3 },
      ],
      2,
    );
    expect(ranked).toEqual(['Engineering Manager', 'English']);
  });
});
