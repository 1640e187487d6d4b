/**
 * The connectors on real vendor answers (fixtures/real, with their origin in its README), served
 * by the local fixture server: every field a vendor gives lands where it belongs, and where it gives
 * no value the job says "not specified" rather than an invented one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IngestItemPosted, JobContent } from '@jobs/contracts';
import { normaliseJob } from '../../jobs/normalise';
import { fixture, realFixture, REAL_BOARDS, startFixtureAtsServer, type FixtureAtsServer } from '../testing';
import { clearGreenhousePayCache } from './greenhouse';
import { CONNECTORS, MalformedResponseError, type FetchBoardContext } from './index';

let ats: FixtureAtsServer;
const now = new Date('2026-10-01T00:00:00.000Z');
const ctx = (over: Partial<FetchBoardContext> = {}): FetchBoardContext => ({
  fetch,
  baseUrl: ats.baseUrl,
  retries: 0,
  retryBaseMs: 1,
  ...over,
});
const recruitee = () => ctx({ baseUrl: `${ats.baseUrl}/recruitee/{board}` });
const normalised = (job: IngestItemPosted) => normaliseJob(job, { now });
const byId = <T extends { externalId: string }>(jobs: T[], id: string) => {
  const job = jobs.find((j) => j.externalId === id);
  if (!job) throw new Error(`no job ${id}`);
  return job;
};

beforeAll(async () => {
  ats = await startFixtureAtsServer();
});
afterAll(() => ats.close());
beforeEach(() => {
  ats.requests.length = 0;
  clearGreenhousePayCache();
});

describe('Greenhouse on real boards (Vercel, Algolia)', () => {
  it('maps location, offices, department and dates; the pay ranges come from each job', async () => {
    const { company, jobs, problems } = await CONNECTORS.greenhouse.fetchBoard('vercel', ctx());
    expect(company).toBe('Vercel');
    expect(problems).toEqual([]);
    expect(ats.requests).toEqual([
      '/v1/boards/vercel/jobs?content=true',
      '/v1/boards/vercel/jobs/6136160004?pay_transparency=true',
      '/v1/boards/vercel/jobs/5999792004?pay_transparency=true',
    ]);
    const job = byId(jobs, '6136160004');
    expect(job).toMatchObject({
      title: 'Account Executive, Commercial',
      company: 'Vercel',
      location: 'Hybrid - London',
      countries: ['GB'],
      department: 'Account Executive',
      employmentType: null,
      datePosted: '2026-08-06T16:50:10.000Z',
      applicationUrl: 'https://job-boards.greenhouse.io/vercel/jobs/6136160004',
    });
    // Vercel publishes no pay range: no salary, rather than an invented one.
    expect(job.salaryMin).toBeUndefined();
    // The saved content is cut mid-tag: it still sanitises into readable text.
    const content = normalised(job);
    expect(content).toMatchObject({ workplace: 'hybrid', country: 'GB', salary: null });
    expect(content.description).toContain('<h2>About Vercel:</h2>');
  });

  it("reads a job's pay ranges in Greenhouse's documented shape", async () => {
    const docs = fixture('real/greenhouse/retrieve-a-job.docs-example') as Record<string, unknown>;
    ats.set('/v1/boards/vercel/jobs/6136160004', { body: { ...docs, id: 6136160004 } });
    const { jobs } = await CONNECTORS.greenhouse.fetchBoard('vercel', ctx());
    ats.set('/v1/boards/vercel/jobs/6136160004', null);
    expect(byId(jobs, '6136160004')).toMatchObject({
      salaryMin: 50000,
      salaryMax: 75000,
      salaryCurrency: 'USD',
      salaryPeriod: 'YEAR',
    });
    expect(normalised(byId(jobs, '6136160004')).salary).toBe('$50,000 - $75,000 / year');
  });

  it("reads a job's details once while its updated_at stays the same", async () => {
    await CONNECTORS.greenhouse.fetchBoard('vercel', ctx());
    ats.requests.length = 0;
    await CONNECTORS.greenhouse.fetchBoard('vercel', ctx());
    expect(ats.requests).toEqual(['/v1/boards/vercel/jobs?content=true']);
    const changed = realFixture('greenhouse', 'vercel') as { jobs: { updated_at: string }[] };
    changed.jobs[0]!.updated_at = '2026-09-30T10:00:00-04:00';
    ats.set('/v1/boards/vercel/jobs', { body: changed });
    ats.requests.length = 0;
    await CONNECTORS.greenhouse.fetchBoard('vercel', ctx());
    ats.set('/v1/boards/vercel/jobs', null);
    expect(ats.requests).toEqual([
      '/v1/boards/vercel/jobs?content=true',
      '/v1/boards/vercel/jobs/6136160004?pay_transparency=true',
    ]);
  });

  it('the location text wins over the office: Algolia Paris job, London office', async () => {
    const { jobs } = await CONNECTORS.greenhouse.fetchBoard('algolia', ctx());
    const paris = byId(jobs, '6141819004');
    expect(paris).toMatchObject({
      location: 'Paris, France',
      countries: ['GB'],
      department: 'Sales Development',
    });
    expect(normalised(paris)).toMatchObject({ country: 'FR', countryName: 'France', continent: 'Europe' });
    expect(normalised(byId(jobs, '6141481004')).title).toBe('Account Manager - Dutch speaking');
  });
});

describe('Lever on real boards (Spotify, Metabase)', () => {
  it('reads country, every location, workplace and commitment', async () => {
    const { jobs, problems } = await CONNECTORS.lever.fetchBoard('spotify', ctx({ company: 'Spotify' }));
    expect(problems).toEqual([]);
    const android = byId(jobs, '2193db3f-77c5-43b8-b030-8f92c9882bf1');
    expect(android).toMatchObject({
      location: 'London / Stockholm',
      countries: ['GB'],
      workplace: 'hybrid',
      department: 'Engineering',
      employmentType: 'Permanent',
      datePosted: new Date(1782214185805).toISOString(),
      applicationUrl: 'https://jobs.lever.co/spotify/2193db3f-77c5-43b8-b030-8f92c9882bf1/apply',
    });
    // Two countries in the text: no single country, one continent.
    expect(normalised(android)).toMatchObject({ country: null, continent: 'Europe', type: 'Full Time' });

    // 'Ho Chi Minh' alone names no country we know: Lever's `country` does.
    const vietnam = byId(jobs, 'd87833d0-fb78-4794-b45d-3fe5c8274bc8');
    expect(vietnam).toMatchObject({
      location: 'Ho Chi Minh',
      countries: ['VN'],
      employmentType: 'Short Term',
    });
    expect(normalised(vietnam)).toMatchObject({
      country: 'VN',
      countryName: 'Vietnam',
      continent: 'Asia',
      type: 'Contract',
    });
  });

  it("a remote posting's country is not where applicants must live (Metabase 'Global Remote', US)", async () => {
    const { jobs } = await CONNECTORS.lever.fetchBoard('metabase', ctx({ company: 'Metabase' }));
    const global = byId(jobs, 'ee8203b5-2cf7-4eae-afd6-3f9724761ad9');
    expect(global).toMatchObject({ location: 'Global Remote', countries: ['US'], workplace: 'remote' });
    expect(normalised(global)).toMatchObject({ workplace: 'remote', country: null });
    const americas = byId(jobs, '5eca795c-48dd-496a-be23-2181068a5450');
    expect(americas.location).toBe('Remote-North & South America');
    expect(normalised(americas).country).toBeNull();
  });
});

describe('Ashby on real boards (Linear, Airbyte, Ramp)', () => {
  it('addressCountry goes to countries; a region is left to the location text', async () => {
    const { jobs, problems } = await CONNECTORS.ashby.fetchBoard('linear', ctx({ company: 'Linear' }));
    expect(problems).toEqual([]);
    const europe = byId(jobs, 'd3bc1ced-3ce4-4086-a050-555055dbb1ff');
    expect(europe).toMatchObject({ location: 'Europe', countries: [], workplace: 'remote' });
    expect(normalised(europe)).toMatchObject({ continent: 'Europe', country: null });
    const america = byId(jobs, 'cd5ae036-0223-427a-b038-ba16ef9dcb32');
    expect(america).toMatchObject({ location: 'North America', countries: ['US'] });
    expect(normalised(america)).toMatchObject({ continent: 'North America', country: null });
  });

  it('salary, workplaceType over isRemote, and the country of each job', async () => {
    const { jobs } = await CONNECTORS.ashby.fetchBoard('airbyte', ctx({ company: 'Airbyte' }));
    expect(byId(jobs, '99c417bc-a996-4265-9401-f967b3076c9f')).toMatchObject({
      location: 'United States',
      countries: ['US'],
      workplace: 'remote',
      department: 'Technical Support',
      employmentType: 'Full-time',
      salaryMin: 99000,
      salaryMax: 115000,
      salaryCurrency: 'USD',
      salaryPeriod: '1 YEAR',
      datePosted: '2026-04-27T17:14:00.440Z',
    });
    const manager = byId(jobs, 'efe55756-f28b-4030-b9a0-539f6c8ed8ff');
    expect(manager).toMatchObject({ location: 'San Francisco', countries: ['US'], workplace: 'hybrid' });
    expect(normalised(manager)).toMatchObject({ country: 'US', isHybrid: true, experienceLevel: 'Lead' });
  });

  it('a salary the company chose not to publish is not published', async () => {
    const hidden = realFixture('ashby', 'airbyte') as { jobs: Record<string, unknown>[] };
    hidden.jobs[0]!.shouldDisplayCompensationOnJobPostings = false;
    ats.set('/posting-api/job-board/airbyte', { body: hidden });
    const { jobs } = await CONNECTORS.ashby.fetchBoard('airbyte', ctx());
    ats.set('/posting-api/job-board/airbyte', null);
    const job = byId(jobs, '99c417bc-a996-4265-9401-f967b3076c9f');
    expect(job.salaryMin).toBeUndefined();
    expect(job.salaryMax).toBeUndefined();
    expect(normalised(job).salary).toBeNull();
    expect(byId(jobs, 'efe55756-f28b-4030-b9a0-539f6c8ed8ff').salaryMin).toBe(217000);
  });

  it("a posting with only Ashby's one-line salary summary gets it as salary text", async () => {
    const summaryOnly = realFixture('ashby', 'airbyte') as {
      jobs: { shouldDisplayCompensationOnJobPostings: boolean; compensation: Record<string, unknown> }[];
    };
    for (const job of summaryOnly.jobs) {
      delete job.compensation.compensationTiers;
      delete job.compensation.summaryComponents;
    }
    summaryOnly.jobs[1]!.shouldDisplayCompensationOnJobPostings = false;
    ats.set('/posting-api/job-board/airbyte', { body: summaryOnly });
    const { jobs } = await CONNECTORS.ashby.fetchBoard('airbyte', ctx());
    ats.set('/posting-api/job-board/airbyte', null);
    const support = byId(jobs, '99c417bc-a996-4265-9401-f967b3076c9f');
    expect(support.salary).toBe('$99K - $115K');
    expect(normalised(support)).toMatchObject({ salaryMin: 99000, salaryMax: 115000, salaryCurrency: 'USD' });
    expect(byId(jobs, 'efe55756-f28b-4030-b9a0-539f6c8ed8ff').salary).toBeUndefined();
  });

  it('every secondary location is shown (Ramp)', async () => {
    const { jobs } = await CONNECTORS.ashby.fetchBoard('ramp', ctx({ company: 'Ramp' }));
    const frontend = byId(jobs, '4e64ab86-4e30-403b-b1b9-41dc052570ce');
    expect(frontend).toMatchObject({
      location: 'New York, NY (HQ) / Remote (Canada) / San Francisco, CA / Remote (US) / Miami, FL',
      workplace: 'hybrid',
      salaryMin: 143200,
      salaryMax: 284000,
    });
    expect(normalised(frontend)).toMatchObject({ country: null, continent: 'North America' });
    expect(normalised(byId(jobs, 'd1183b00-6590-4fe4-a585-28d84e578fe3'))).toMatchObject({
      workplace: 'remote',
      country: 'US',
    });
  });
});

describe('Workable on real boards (Zego, Hugging Face)', () => {
  it('shows the visible locations with their country codes', async () => {
    const { company, jobs } = await CONNECTORS.workable.fetchBoard('zego', ctx());
    expect(company).toBe('Zego');
    expect(byId(jobs, 'B76C11B977')).toMatchObject({
      location: 'London, England, United Kingdom',
      countries: ['GB'],
      workplace: null,
      employmentType: 'Full-time',
      experienceLevel: 'Mid-Senior level',
      industry: null,
      datePosted: '2026-07-10',
    });
    expect(normalised(byId(jobs, 'B76C11B977'))).toMatchObject({
      country: 'GB',
      experienceLevel: 'Mid-level',
    });
    expect(normalised(byId(jobs, '450EC5C378'))).toMatchObject({ experienceLevel: 'Entry' });
  });

  it('never shows a location marked hidden (Hugging Face "EMEA Remote" filed under Paris)', async () => {
    const { jobs, problems } = await CONNECTORS.workable.fetchBoard(
      'huggingface',
      ctx({ company: 'Hugging Face' }),
    );
    const emea = byId(jobs, 'F4C096B22E');
    expect(emea).toMatchObject({
      location: null,
      countries: [],
      workplace: 'remote',
      industry: 'Engineering',
    });
    const content = normalised(emea);
    expect(content.location).not.toContain('Paris');
    expect(content.country).toBeNull();
    // The saved answer has no description: the title stands in, and the sync log says so.
    expect(problems).toContainEqual({
      externalId: 'F4C096B22E',
      title: 'Low-level Senior Software Engineer, Xet Storage - EMEA Remote',
      action: 'degraded',
      message: 'No description; the title stands in',
    });
  });
});

describe('SmartRecruiters on real boards (Ubisoft, Visa)', () => {
  it('a board that ignores offset is read once: no page after page of the same postings', async () => {
    const { jobs, problems } = await CONNECTORS.smartrecruiters.fetchBoard('Ubisoft2', ctx());
    // totalFound says 310 and every offset answers the same two postings.
    expect(jobs.map((j) => j.externalId)).toEqual(['744000151912444', '744000151872065']);
    expect(ats.requests.filter((r) => r.includes('?limit='))).toEqual([
      '/v1/companies/Ubisoft2/postings?limit=100&offset=0',
      '/v1/companies/Ubisoft2/postings?limit=100&offset=100',
    ]);
    expect(ats.requests).toHaveLength(4);
    expect(problems[0]).toMatchObject({
      externalId: null,
      action: 'degraded',
      message: expect.stringContaining('ignores offset'),
    });
  });

  it('"Not Applicable" on an internship is no level: not an invented Mid-level', async () => {
    const { company, jobs } = await CONNECTORS.smartrecruiters.fetchBoard('Ubisoft2', ctx());
    expect(company).toBe('Ubisoft');
    const intern = byId(jobs, '744000151872065');
    expect(intern).toMatchObject({
      title: 'CRM Webmarketing Assistant',
      location: 'Paris, IDF, France',
      countries: ['FR'],
      workplace: null,
      employmentType: 'Intern',
      experienceLevel: null,
      industry: 'Marketing',
      department: 'Ubisoft',
    });
    expect(normalised(intern)).toMatchObject({
      experienceLevel: 'Not specified',
      type: 'Internship',
      industry: 'Marketing',
      country: 'FR',
    });
    expect(normalised(byId(jobs, '744000151912444')).experienceLevel).toBe('Mid-level');
  });

  it('Visa: the title still states a level when the ATS does not', async () => {
    const { jobs } = await CONNECTORS.smartrecruiters.fetchBoard('Visa', ctx());
    expect(normalised(byId(jobs, '744000129971988'))).toMatchObject({
      experienceLevel: 'Executive',
      country: 'IN',
    });
    expect(byId(jobs, '744000133907678')).toMatchObject({
      countries: ['US'],
      location: 'Austin, TX, United States',
    });
  });
});

describe('Recruitee on real boards (Channable, SPRiNG)', () => {
  it('flags, salary, experience, category and country codes', async () => {
    const { company, jobs } = await CONNECTORS.recruitee.fetchBoard('channable', recruitee());
    expect(company).toBe('Channable');
    const csm = byId(jobs, '2751915');
    expect(csm).toMatchObject({
      location: 'Utrecht, Utrecht, Netherlands',
      countries: ['NL'],
      workplace: 'hybrid',
      employmentType: 'Full-time',
      experienceLevel: 'mid_level',
      industry: 'consulting',
      salaryMin: 3750,
      salaryMax: 5250,
      salaryCurrency: 'EUR',
      salaryPeriod: 'month',
      datePosted: '2026-09-18T13:27:28.000Z',
      applicationUrl: 'https://jobs.channable.com/o/customer-success-manager-benelux-dutch-speaking-3/c/new',
    });
    expect(normalised(csm)).toMatchObject({
      country: 'NL',
      experienceLevel: 'Mid-level',
      salaryPeriod: 'MONTH',
    });
  });

  it('a salary of nulls is no salary; a student internship is Entry', async () => {
    const { jobs } = await CONNECTORS.recruitee.fetchBoard('spring', recruitee());
    const lyon = byId(jobs, '2693374');
    expect(lyon.salaryMin).toBeUndefined();
    expect(lyon).toMatchObject({ employmentType: 'Internship', workplace: 'hybrid', countries: ['FR'] });
    expect(normalised(lyon)).toMatchObject({ experienceLevel: 'Entry', type: 'Internship', salary: null });
  });
});

describe('bad input from a vendor costs that job alone', () => {
  it('a malformed posting is rejected, an odd value degrades its job, the rest of the board maps', async () => {
    const postings = realFixture('lever', 'spotify') as Record<string, unknown>[];
    delete postings[0]!.hostedUrl;
    postings[1]!.workplaceType = 'flexible';
    postings[1]!.country = 'Atlantis';
    ats.set('/v0/postings/spotify', { body: postings });
    const { jobs, problems } = await CONNECTORS.lever.fetchBoard('spotify', ctx());
    ats.set('/v0/postings/spotify', null);
    expect(jobs.map((j) => j.externalId)).toEqual(['d87833d0-fb78-4794-b45d-3fe5c8274bc8']);
    expect(jobs[0]).toMatchObject({ workplace: null, countries: [] });
    expect(problems).toEqual([
      {
        externalId: '2193db3f-77c5-43b8-b030-8f92c9882bf1',
        title: 'Android Engineer - Experience',
        action: 'rejected',
        message: 'Malformed posting, hostedUrl: Invalid input: expected string, received undefined',
      },
      {
        externalId: 'd87833d0-fb78-4794-b45d-3fe5c8274bc8',
        title: 'Artist & Label Partnerships Contractor, Vietnam',
        action: 'degraded',
        message: "Country 'Atlantis' is not one we know; left out",
      },
      {
        externalId: 'd87833d0-fb78-4794-b45d-3fe5c8274bc8',
        title: 'Artist & Label Partnerships Contractor, Vietnam',
        action: 'degraded',
        message: "workplaceType 'flexible' is not a workplace we know; left to the location text",
      },
    ]);
  });

  it('a board whose every posting is unreadable fails the pull instead of looking empty', async () => {
    ats.set('/posting-api/job-board/linear', {
      body: { apiVersion: '2', jobs: [{ uuid: 'x' }, { uuid: 'y' }] },
    });
    await expect(CONNECTORS.ashby.fetchBoard('linear', ctx())).rejects.toThrow(MalformedResponseError);
    await expect(CONNECTORS.ashby.fetchBoard('linear', ctx())).rejects.toThrow(
      'Every posting on the board is unreadable (2); the first: Malformed posting, id: Invalid input',
    );
    ats.set('/posting-api/job-board/linear', null);
  });
});

describe('every real answer', () => {
  it('maps to items the ingestion API accepts and to valid job content', async () => {
    let count = 0;
    for (const [vendor, boards] of Object.entries(REAL_BOARDS)) {
      for (const board of Object.keys(boards)) {
        const connector = CONNECTORS[vendor as keyof typeof REAL_BOARDS];
        const { jobs } = await connector.fetchBoard(board, vendor === 'recruitee' ? recruitee() : ctx());
        expect(jobs.length, `${vendor}/${board}`).toBeGreaterThan(0);
        for (const job of jobs) {
          expect(IngestItemPosted.safeParse(job).success, `${vendor}/${board} ${job.externalId}`).toBe(true);
          const content = normalised(job);
          expect(JobContent.safeParse(content).success).toBe(true);
          expect(content.experienceLevel).not.toBe('');
          count += 1;
        }
      }
    }
    expect(count).toBe(24);
  });
});
