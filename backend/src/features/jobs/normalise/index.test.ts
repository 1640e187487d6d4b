import { describe, expect, it } from 'vitest';
import { IngestItemPosted, JobContent } from '@jobs/contracts';
import { contentHash, normaliseJob } from './index';

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
