import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IngestItemPosted, JobContent } from '@jobs/contracts';
import { contentHash, normaliseJob } from './index';
import { generateJobs } from '../../seed/generate';

const now = new Date('2026-03-10T12:00:00.000Z');

function item(overrides: Record<string, unknown> = {}): IngestItemPosted {
  return IngestItemPosted.parse({
    action: 'posted',
    externalId: '4012',
    title: 'Senior Data Engineer &amp; Analyst',
    company: ' Acme ',
    location: 'Remote - EMEA',
    department: 'Data',
    descriptionHtml:
      '&lt;h1&gt;About the role&lt;/h1&gt;&lt;p&gt;Build pipelines with Python, SQL and Airflow.&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;',
    salaryMin: 90000,
    salaryMax: 110000,
    salaryCurrency: 'EUR',
    salaryPeriod: 'per-year-salary',
    datePosted: '2026-03-02T09:00:00-05:00',
    applicationUrl: 'https://job-boards.example/acme/jobs/4012',
    companyWebsite: 'acme.example',
    ...overrides,
  });
}

describe('normaliseJob', () => {
  it('normalises a Greenhouse-style item into valid job content', () => {
    const job = normaliseJob(item(), { now });
    expect(JobContent.parse(job)).toEqual(job);
    expect(job).toMatchObject({
      title: 'Senior Data Engineer & Analyst',
      company: 'Acme',
      location: 'Remote - EMEA',
      workplace: 'remote',
      isRemote: true,
      isHybrid: false,
      country: null,
      continent: 'Europe',
      type: 'Full Time',
      experienceLevel: 'Senior',
      industry: 'Data Science & Analytics',
      department: 'Data',
      salary: '€90,000 - €110,000 / year',
      salaryMin: 90000,
      salaryMax: 110000,
      salaryCurrency: 'EUR',
      salaryPeriod: 'YEAR',
      skills: ['Python', 'SQL', 'Airflow'],
      description: '<h2>About the role</h2><p>Build pipelines with Python, SQL and Airflow.</p>',
      datePosted: '2026-03-02T14:00:00.000Z',
      companyWebsite: 'https://acme.example/',
      sourceUrl: null,
    });
  });

  it('defaults the posting date to now and clamps future dates', () => {
    expect(normaliseJob(item({ datePosted: undefined }), { now }).datePosted).toBe(now.toISOString());
    expect(normaliseJob(item({ datePosted: '2027-01-01T00:00:00Z' }), { now }).datePosted).toBe(
      now.toISOString(),
    );
  });

  it('fills a missing location from the workplace, without claiming the whole world', () => {
    const remote = normaliseJob(item({ location: undefined, workplace: 'remote' }), { now });
    expect(remote.location).toBe('Remote');
    expect(remote.eligibility).toBeNull();
    expect(normaliseJob(item({ location: null, workplace: 'on-site' }), { now }).location).toBe(
      'Not specified',
    );
  });

  it('reads where applicants may be from the location text, nothing from elsewhere', () => {
    expect(normaliseJob(item({ location: 'Remote - Canada or US' }), { now }).eligibility).toEqual({
      worldwide: false,
      countries: ['CA', 'US'],
      regions: [],
      timezone: null,
    });
    expect(normaliseJob(item({ location: 'Remote, UTC-3 to UTC+3' }), { now }).eligibility).toMatchObject({
      timezone: { min: -3, max: 3 },
    });
    expect(
      normaliseJob(item({ location: 'Remote', companyWebsite: 'acme.de' }), { now }).eligibility,
    ).toBeNull();
  });

  it('reads country and hybrid from a city location', () => {
    const job = normaliseJob(item({ location: 'Hybrid - Berlin' }), { now });
    expect(job).toMatchObject({
      workplace: 'hybrid',
      isRemote: true,
      isHybrid: true,
      country: 'DE',
      countryName: 'Germany',
    });
  });
});

describe('contentHash', () => {
  it('gives the hashes it always gave (stored in events: a new hash reads as a changed job)', () => {
    const at = new Date('2026-06-01T00:00:00Z');
    const jobs = generateJobs({ count: 200, offset: 500, now: at }).map((i) => normaliseJob(i, { now: at }));
    const hashes = jobs.map(contentHash);
    // Taken before the normaliser and the hash were made faster (issue 26).
    expect(hashes.slice(0, 3)).toEqual([
      'c3745af0f6126550a4a25cf7a5ff34fe72bb66f59e8120fdda9286e30b2f2411',
      '13b11f92c3a5d3cf67ec18f5b3f248ba410c29b802e7422f18c711c60dc4b3b9',
      '2beea000b3962d49ff12274fa9d9e684a3eaed5cbe8b918dc337bd7d8749cded',
    ]);
    expect(crypto.createHash('sha256').update(hashes.join()).digest('hex').slice(0, 16)).toBe(
      '5e16d445f600b0b4',
    );
    expect(crypto.createHash('sha256').update(JSON.stringify(jobs)).digest('hex').slice(0, 16)).toBe(
      '7187bfcf1fe47f6c',
    );
    // Undefined members and elements are left out as before.
    const odd = { ...jobs[0]!, skills: ['a', undefined, 'b'], extra: { z: 1, a: [null, { y: undefined }] } };
    expect(contentHash(odd as unknown as JobContent)).toBe(
      '631df7a7ed3c7804ce4bb55f776fac89ed44a44b301e7864be5c0d9901e86773',
    );
  });

  it('is stable for the same content regardless of key order', () => {
    const job = normaliseJob(item(), { now });
    const reordered = Object.fromEntries(Object.entries(job).reverse()) as JobContent;
    expect(contentHash(reordered)).toBe(contentHash(job));
    expect(contentHash(job)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores the posting date but changes with anything a visitor sees', () => {
    const job = normaliseJob(item(), { now });
    expect(contentHash({ ...job, datePosted: '2020-01-01T00:00:00.000Z' })).toBe(contentHash(job));
    expect(contentHash({ ...job, title: 'Other' })).not.toBe(contentHash(job));
    expect(contentHash({ ...job, skills: ['SQL', 'Python', 'Airflow'] })).not.toBe(contentHash(job));
  });
});
