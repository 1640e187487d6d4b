import { describe, expect, it } from 'vitest';
import { FeedParams, parseLocation, toSearchQuery } from './feed-params';

const now = new Date('2026-03-01T12:00:00.000Z');
const parse = (query: Record<string, unknown>) => FeedParams.safeParse(query);

describe('parseLocation', () => {
  it('reads worldwide, continents and places', () => {
    expect(parseLocation('Remote (Worldwide)')).toEqual({ kind: 'worldwideRemote' });
    expect(parseLocation('All Europe')).toEqual({
      kind: 'continent',
      continent: 'Europe',
      remoteOnly: false,
    });
    expect(parseLocation('remote in north america')).toEqual({
      kind: 'continent',
      continent: 'North America',
      remoteOnly: true,
    });
    expect(parseLocation(' Berlin ')).toEqual({ kind: 'place', value: 'Berlin' });
    expect(parseLocation('United States')).toEqual({
      kind: 'place',
      value: 'United States',
      country: expect.objectContaining({
        code: 'US',
        names: expect.arrayContaining(['united states', 'us', 'usa']),
      }),
    });
    expect(parseLocation('Georgia')).toMatchObject({ country: { code: 'GE', names: [] } });
    expect(parseLocation('All Atlantis')).toHaveProperty('error');
  });
});

describe('FeedParams', () => {
  it('defaults to newest first and maps every filter to the search query', () => {
    const parsed = parse({
      title: ' react ',
      location: 'Germany',
      experienceLevel: 'mid level',
      type: 'full-time',
      salary: '80k-120k',
      duration: '7d',
      industry: 'software engineering',
      isRemote: 'true',
      page: '3',
      utm_source: 'ignored',
    });
    expect(parsed.success).toBe(true);
    const params = parsed.data!;
    expect(params.page).toBe(3);
    expect(toSearchQuery(params, now)).toEqual({
      text: 'react',
      location: {
        kind: 'place',
        value: 'Germany',
        country: { code: 'DE', names: ['germany', 'deutschland'] },
      },
      experienceLevel: 'Mid-level',
      type: 'Full Time',
      salaryUsd: { min: 80_000, max: 120_000 },
      postedAfter: '2026-02-22T12:00:00.000Z',
      industry: 'Software Engineering',
      isRemote: true,
      sortBy: 'datePosted',
      sortOrder: 'desc',
    });
  });

  it('ignores empty values and rejects malformed ones', () => {
    expect(parse({ title: '', page: '  ', sortBy: '' }).data).toEqual({});
    expect(parse({ sortBy: 'salary' }).error?.issues[0]?.path).toEqual(['sortBy']);
    expect(parse({ page: '-1' }).error?.issues[0]?.path).toEqual(['page']);
    expect(parse({ title: 'x'.repeat(201) }).error?.issues[0]?.path).toEqual(['title']);
  });
});
