import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestItemPosted } from '@jobs/contracts';
import { normaliseJob } from '../../jobs/normalise';
import { startFixtureAtsServer, type FixtureAtsServer } from '../testing';
import { clearGreenhousePayCache } from './greenhouse';
import {
  BoardNotFoundError,
  CONNECTORS,
  MalformedResponseError,
  RetryableAtsError,
  type FetchBoardContext,
} from './index';

let ats: FixtureAtsServer;
const ctx = (over: Partial<FetchBoardContext> = {}): FetchBoardContext => ({
  fetch,
  baseUrl: ats.baseUrl,
  retries: 0,
  retryBaseMs: 1,
  ...over,
});

beforeAll(async () => {
  ats = await startFixtureAtsServer();
});
afterAll(() => ats.close());

const byId = <T extends { externalId: string }>(jobs: T[], id: string) =>
  jobs.find((j) => j.externalId === id)!;

describe('ATS connectors map their documented formats to ingestion items', () => {
  it('Greenhouse: unescapes the content once, reads pay ranges from each job, leaves workplace to the normaliser', async () => {
    clearGreenhousePayCache();
    ats.requests.length = 0;
    const { company, jobs } = await CONNECTORS.greenhouse.fetchBoard('acme', ctx());
    // Pay ranges are only on "Retrieve a job" (pay_transparency=true), one request per posting.
    expect(ats.requests).toEqual([
      '/v1/boards/acme/jobs?content=true',
      '/v1/boards/acme/jobs/4012?pay_transparency=true',
      '/v1/boards/acme/jobs/4013?pay_transparency=true',
    ]);
    expect(company).toBe('Acme Analytics');
    expect(jobs).toHaveLength(2);
    const job = byId(jobs, '4012');
    expect(job).toMatchObject({
      title: 'Data Engineer',
      company: 'Acme Analytics',
      location: 'Remote - EMEA',
      workplace: null,
      department: 'Data',
      salaryMin: 90000,
      salaryMax: 120000,
      salaryCurrency: 'USD',
      salaryPeriod: 'YEAR',
      datePosted: '2026-03-02T14:00:00.000Z',
      applicationUrl: 'https://job-boards.greenhouse.io/acme/jobs/4012',
    });
    expect(job.descriptionHtml).toContain(
      '<h2>About the role</h2><p>Build pipelines in <strong>Python</strong> &amp; SQL.</p>',
    );
    const content = normaliseJob(job, { now: new Date() });
    expect(content.workplace).toBe('remote');
    expect(content.description).not.toContain('<script');
    expect(byId(jobs, '4013').salaryMin).toBeUndefined();
  });

  it('Lever: workplaceType, salaryRange, commitment, epoch dates, lists in the description', async () => {
    const { jobs } = await CONNECTORS.lever.fetchBoard('acme', ctx({ company: 'Acme' }));
    expect(jobs.map((j) => j.workplace)).toEqual(['remote', 'hybrid', 'on-site']);
    const lead = jobs[0]!;
    expect(lead).toMatchObject({
      company: 'Acme',
      location: 'Lisbon',
      department: 'Customer Success',
      employmentType: 'Full-time',
      salaryMin: 50000,
      salaryMax: 65000,
      salaryCurrency: 'EUR',
      salaryPeriod: 'per-year-salary',
      datePosted: '2026-01-01T00:00:00.000Z',
      applicationUrl: expect.stringMatching(/\/apply$/),
    });
    expect(lead.descriptionHtml).toContain(
      '<h3>Requirements</h3>\n<ul><li>Zendesk</li><li>Empathy</li></ul>',
    );
    expect(jobs[2]!.descriptionHtml).toBe('<p>Pick &#38; pack &#60;fast&#62;.</p>');
    const content = normaliseJob(lead, { now: new Date() });
    expect(content).toMatchObject({ salaryPeriod: 'YEAR', isRemote: true, type: 'Full Time' });
  });

  it('Lever: pages with skip and limit, and the EU host for eu: boards', async () => {
    ats.requests.length = 0;
    await CONNECTORS.lever.fetchBoard('eu:acme', ctx());
    expect(ats.requests[0]).toBe('/v0/postings/acme?mode=json&skip=0&limit=100');
    const { leverHost } = await import('./lever');
    expect(leverHost('eu:acme').base).toBe('https://api.eu.lever.co');
    expect(leverHost('acme').base).toBe('https://api.lever.co');
  });

  it('Ashby: skips unlisted postings, reads workplaceType and the salary component', async () => {
    const { jobs } = await CONNECTORS.ashby.fetchBoard('acme', ctx());
    expect(jobs.map((j) => j.title)).toEqual(['Product Designer', 'Account Executive']);
    expect(jobs[0]).toMatchObject({
      workplace: 'remote',
      location: 'Remote (US) / New York, NY',
      employmentType: 'Full-time',
      salaryMin: 120000,
      salaryMax: 150000,
      salaryCurrency: 'USD',
      salaryPeriod: '1 YEAR',
      datePosted: '2026-04-01T10:00:00.000Z',
    });
    expect(jobs[1]).toMatchObject({ workplace: 'hybrid', employmentType: 'Contract' });
  });

  it('Workable: telecommuting, the account name, published_on dates', async () => {
    const { company, jobs } = await CONNECTORS.workable.fetchBoard('acme', ctx());
    expect(company).toBe('Acme Robotics');
    expect(jobs[0]).toMatchObject({
      externalId: 'AB12CD34EF',
      workplace: 'remote',
      location: 'Athens, Attica, Greece',
      datePosted: '2026-02-15',
      applicationUrl: 'https://apply.workable.com/j/AB12CD34EF/apply',
    });
    expect(jobs[1]!.workplace).toBeNull();
  });

  it('SmartRecruiters: pages, location.remote, details for the description and apply URL', async () => {
    ats.requests.length = 0;
    const { company, jobs } = await CONNECTORS.smartrecruiters.fetchBoard('acme', ctx());
    expect(company).toBe('Acme GmbH');
    expect(ats.requests).toEqual([
      '/v1/companies/acme/postings?limit=100&offset=0',
      '/v1/companies/acme/postings/7555',
      '/v1/companies/acme/postings/7556',
    ]);
    expect(jobs[0]).toMatchObject({
      workplace: 'remote',
      location: 'Berlin, BE, DE',
      employmentType: 'Full-time',
      department: 'Engineering',
      datePosted: '2026-02-19T19:36:42.346Z',
      applicationUrl: 'https://jobs.smartrecruiters.com/acme/7555-backend-engineer?oga=true',
    });
    expect(jobs[0]!.descriptionHtml).toContain('<h3>Qualifications</h3>\n<ul><li>Kubernetes</li></ul>');
    expect(jobs[1]!.workplace).toBeNull();
    ats.requests.length = 0;
    await CONNECTORS.smartrecruiters.fetchBoard('acme', ctx({ summaryOnly: true }));
    expect(ats.requests).toHaveLength(1);
  });

  it('Recruitee: remote/hybrid/on_site flags, string salaries, its date format', async () => {
    const { jobs } = await CONNECTORS.recruitee.fetchBoard(
      'acme',
      ctx({ baseUrl: `${ats.baseUrl}/recruitee/{board}` }),
    );
    expect(jobs[0]).toMatchObject({
      externalId: '1101',
      company: 'Acme BV',
      workplace: 'hybrid',
      employmentType: 'Full-time',
      salaryMin: 4000,
      salaryMax: 5500,
      salaryCurrency: 'EUR',
      salaryPeriod: 'month',
      datePosted: '2026-01-12T09:15:00.000Z',
    });
    expect(jobs[0]!.descriptionHtml).toBe('<p>Own our brand.</p>\n<ul><li>SEO</li></ul>');
    expect(jobs[1]).toMatchObject({ workplace: 'remote', employmentType: 'Part-time' });
    expect(jobs[1]!.salaryMin).toBeUndefined();
  });

  it('every mapped item passes the ingestion schema', async () => {
    for (const [kind, connector] of Object.entries(CONNECTORS)) {
      const baseUrl = kind === 'recruitee' ? `${ats.baseUrl}/recruitee/{board}` : ats.baseUrl;
      const { jobs } = await connector.fetchBoard('acme', ctx({ baseUrl }));
      for (const job of jobs)
        expect(IngestItemPosted.safeParse(job).success, `${kind} ${job.externalId}`).toBe(true);
    }
  });
});

describe('ATS connector errors', () => {
  it('a board-level 404 is BoardNotFoundError', async () => {
    for (const connector of Object.values(CONNECTORS)) {
      if (connector.kind === 'smartrecruiters') continue; // answers an empty list for unknown companies
      const baseUrl = connector.kind === 'recruitee' ? `${ats.baseUrl}/recruitee/{board}` : ats.baseUrl;
      await expect(connector.fetchBoard('nobody', ctx({ baseUrl }))).rejects.toBeInstanceOf(
        BoardNotFoundError,
      );
    }
  });

  it('429 and 5xx are retried with back-off, then RetryableAtsError', async () => {
    ats.set('/v1/boards/acme/jobs', { status: 503 });
    ats.requests.length = 0;
    await expect(CONNECTORS.greenhouse.fetchBoard('acme', ctx({ retries: 2 }))).rejects.toBeInstanceOf(
      RetryableAtsError,
    );
    expect(ats.requests).toHaveLength(3);
    ats.set('/v1/boards/acme/jobs', { status: 429, headers: { 'Retry-After': '0' } });
    await expect(CONNECTORS.greenhouse.fetchBoard('acme', ctx())).rejects.toMatchObject({
      status: 429,
      kind: 'retryable',
    });
    ats.set('/v1/boards/acme/jobs', null);
  });

  it('a timeout is retryable', async () => {
    const slow: FetchBoardContext['fetch'] = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    await expect(CONNECTORS.ashby.fetchBoard('acme', ctx({ fetch: slow, timeoutMs: 30 }))).rejects.toThrow(
      /Timed out/,
    );
  });

  it('malformed JSON or an unexpected shape is MalformedResponseError, never zero jobs', async () => {
    ats.set('/posting-api/job-board/acme', { body: '{"jobs": [' });
    await expect(CONNECTORS.ashby.fetchBoard('acme', ctx())).rejects.toBeInstanceOf(MalformedResponseError);
    ats.set('/posting-api/job-board/acme', { body: { results: [] } });
    await expect(CONNECTORS.ashby.fetchBoard('acme', ctx())).rejects.toBeInstanceOf(MalformedResponseError);
    ats.set('/posting-api/job-board/acme', null);
  });
});
