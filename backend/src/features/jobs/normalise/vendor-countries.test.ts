import { describe, expect, it } from 'vitest';
import { IngestItemPosted } from '@jobs/contracts';
import { normaliseJob } from './index';

const now = new Date('2026-03-10T12:00:00.000Z');

function job(overrides: Partial<IngestItemPosted>) {
  return normaliseJob(
    IngestItemPosted.parse({
      action: 'posted',
      externalId: '1',
      title: 'Account Manager',
      company: 'Acme',
      descriptionHtml: '<p>Manage accounts.</p>',
      applicationUrl: 'https://jobs.example/1',
      ...overrides,
    }),
    { now },
  );
}

describe('the countries an ATS states for a job', () => {
  it('name the country when the location text names no place', () => {
    // Lever's 'Bombay, MH' with country 'IN' (issue 19).
    expect(job({ location: 'Bombay, MH', countries: ['IN'], workplace: 'on-site' })).toMatchObject({
      location: 'Bombay, MH',
      country: 'IN',
      countryName: 'India',
      continent: 'Asia',
    });
    expect(job({ location: 'Bombay, MH', workplace: 'on-site' }).country).toBeNull();
  });

  it('never override a place the text names', () => {
    // Linear (Ashby): 'North America' carries addressCountry 'United States'.
    expect(job({ location: 'North America', countries: ['US'], workplace: 'hybrid' })).toMatchObject({
      country: null,
      continent: 'North America',
    });
    expect(job({ location: 'London, United Kingdom', countries: ['SE'], workplace: 'hybrid' })).toMatchObject(
      {
        country: 'GB',
      },
    );
  });

  it("say nothing about where a fully remote job's applicants may live", () => {
    // Metabase (Lever): 'Global Remote' and 'Remote-North & South America' both carry 'US'.
    expect(job({ location: 'Global Remote', countries: ['US'], workplace: 'remote' }).country).toBeNull();
    expect(job({ location: 'Remote', countries: ['US'], workplace: 'remote' }).country).toBeNull();
  });

  it('several countries name their continent only; unknown codes are ignored', () => {
    expect(job({ location: 'Office', countries: ['FR', 'DE'], workplace: 'on-site' })).toMatchObject({
      country: null,
      continent: 'Europe',
    });
    expect(job({ location: 'Office', countries: ['XX'], workplace: 'on-site' }).country).toBeNull();
  });

  it('give a job without a location text its country as the location', () => {
    expect(job({ location: null, countries: ['NL'], workplace: 'hybrid' })).toMatchObject({
      location: 'Netherlands',
      country: 'NL',
      continent: 'Europe',
    });
  });

  it('must be two-letter codes on the ingestion API', () => {
    const bad = IngestItemPosted.safeParse({
      action: 'posted',
      externalId: '1',
      title: 'x',
      company: 'y',
      descriptionHtml: '<p>z</p>',
      applicationUrl: 'https://jobs.example/1',
      countries: ['India'],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['countries', 0],
      message: 'Must be an ISO 3166-1 alpha-2 country code',
    });
  });
});
