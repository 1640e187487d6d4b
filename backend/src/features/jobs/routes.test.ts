import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '@jobs/contracts';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { postJob, removeJob, updateCompanyProfile, updateJob, type PostedJob } from './test-events';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

let h: TestHarness;
let last: Position;
const jobs: Record<string, PostedJob> = {};

async function settle(position: Position = last) {
  expect(await h.services.runner.waitForPosition(position, 5000)).toBe(true);
}

async function feed(query: Record<string, string> = {}) {
  const res = await h.http.get('/api/jobs').query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    data: { id: number; title: string; company: string; slug: string }[];
    page: number;
    totalPages: number;
    totalJobs: number;
  };
}

async function feedTitles(query: Record<string, string>) {
  return (await feed(query)).data.map((j) => j.title).sort();
}

beforeAll(async () => {
  h = await createTestHarness();
  const store = h.services.store;
  jobs.senior = await postJob(store, {
    title: 'Senior Software Engineer',
    company: 'Acme',
    experienceLevel: 'Senior',
    skills: ['TypeScript', 'Node.js'],
    salary: '$120,000 - $150,000 / year',
    salaryMin: 120_000,
    salaryMax: 150_000,
    salaryCurrency: 'USD',
    salaryPeriod: 'YEAR',
    datePosted: ago(1 * HOUR),
  });
  jobs.backend = await postJob(store, {
    title: 'Backend Engineer',
    company: 'Globex',
    location: 'New York, NY',
    country: 'US',
    countryName: 'United States',
    continent: 'North America',
    isRemote: true,
    isHybrid: true,
    workplace: 'hybrid',
    skills: ['Go', 'PostgreSQL'],
    salaryMin: 90_000,
    salaryMax: 110_000,
    salaryCurrency: 'USD',
    salaryPeriod: 'YEAR',
    datePosted: ago(48 * HOUR),
  });
  jobs.data = await postJob(store, {
    title: 'Data Scientist',
    company: 'Initech',
    location: 'Worldwide',
    country: null,
    countryName: null,
    continent: null,
    experienceLevel: 'Senior',
    type: 'Contract',
    industry: 'Data Science & Analytics',
    skills: ['Python'],
    salaryMin: 60_000,
    salaryMax: 70_000,
    salaryCurrency: 'EUR',
    salaryPeriod: 'YEAR',
    datePosted: ago(240 * HOUR),
  });
  jobs.designer = await postJob(store, {
    title: 'Product Designer',
    company: 'Acme',
    location: 'London, United Kingdom',
    country: 'GB',
    countryName: 'United Kingdom',
    isRemote: false,
    workplace: 'on-site',
    experienceLevel: 'Entry',
    industry: 'Product & Design',
    skills: ['Figma'],
    datePosted: ago(960 * HOUR),
  });
  jobs.staff = await postJob(store, {
    title: 'Staff Software Engineer',
    company: 'Umbrella',
    location: 'Remote - Europe',
    country: null,
    countryName: null,
    experienceLevel: 'Lead',
    skills: ['TypeScript', 'React'],
    datePosted: ago(3 * HOUR),
  });
  jobs.frontend = await postJob(store, {
    title: 'Frontend Engineer',
    company: 'Globex',
    location: 'Toronto, Canada',
    country: 'CA',
    countryName: 'Canada',
    continent: 'North America',
    type: 'Freelance',
    skills: ['React', 'TypeScript'],
    datePosted: ago(120 * HOUR),
  });
  jobs.removed = await postJob(store, {
    title: 'Software Engineer II',
    company: 'Acme',
    location: 'Paris, France',
    country: 'FR',
    countryName: 'France',
    experienceLevel: 'Executive',
    skills: ['TypeScript'],
    datePosted: ago(2 * HOUR),
  });
  for (let i = 0; i < 20; i++) {
    jobs[`support${i}`] = await postJob(store, {
      title: `Support Agent ${String(i).padStart(2, '0')}`,
      company: 'Helpdesk Co',
      location: 'Manila, Philippines',
      country: 'PH',
      countryName: 'Philippines',
      continent: 'Asia',
      experienceLevel: 'Entry',
      industry: 'Customer Support',
      skills: ['Zendesk'],
      datePosted: ago((480 + i) * HOUR),
    });
  }
  await removeJob(store, jobs.removed!, 'Position filled', '2026-01-02T03:04:05.000Z');
  last = await updateCompanyProfile(store, {
    companySlug: 'globex',
    company: 'Globex',
    description: 'Globex makes everything.',
    size: '1000+',
    founded: 1989,
    industry: 'Manufacturing',
    website: 'https://globex.example',
    logo: 'globex.png',
    descriptionSource: 'generated',
  });
  await settle();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('GET /api/jobs', () => {
  it('answers the first page of live jobs, newest first, with paging totals', async () => {
    const body = await feed();
    expect(body.page).toBe(1);
    expect(body.totalJobs).toBe(26);
    expect(body.totalPages).toBe(2);
    expect(body.data).toHaveLength(20);
    expect(body.data.slice(0, 3).map((j) => j.title)).toEqual([
      'Senior Software Engineer',
      'Staff Software Engineer',
      'Backend Engineer',
    ]);
    expect(body.data.map((j) => j.title)).not.toContain('Software Engineer II');
  });

  it('answers every field of the spec Job on each item', async () => {
    const body = await feed({ title: 'Senior Software Engineer' });
    const job = body.data[0] as unknown as Record<string, unknown>;
    for (const field of [
      'id',
      'slug',
      'title',
      'company',
      'companyLogo',
      'companyDescription',
      'companyWebsite',
      'companySize',
      'location',
      'isRemote',
      'type',
      'experienceLevel',
      'industry',
      'salary',
      'skills',
      'description',
      'datePosted',
      'applicationUrl',
      'sourceUrl',
    ]) {
      expect(job, field).toHaveProperty(field);
    }
    expect(job.id).toBe(jobs.senior!.publicId);
    expect(job.salary).toBe('$120,000 - $150,000 / year');
    expect(job.excerpt).toMatch(/^Build the API/);
  });

  it('pages: page 2 holds the rest, a page past the end is empty', async () => {
    const two = await feed({ page: '2' });
    expect(two.page).toBe(2);
    expect(two.data).toHaveLength(6);
    expect(two.totalPages).toBe(2);
    const three = await feed({ page: '3' });
    expect(three.data).toEqual([]);
    expect(three.totalJobs).toBe(26);
  });

  it('searches titles', async () => {
    expect(await feedTitles({ title: 'engineer' })).toEqual([
      'Backend Engineer',
      'Frontend Engineer',
      'Senior Software Engineer',
      'Staff Software Engineer',
    ]);
  });

  it('filters by place, continent, remote continent and worldwide', async () => {
    expect(await feedTitles({ location: 'Germany' })).toEqual(['Senior Software Engineer']);
    expect(await feedTitles({ location: 'Berlin' })).toEqual(['Senior Software Engineer']);
    expect(await feedTitles({ location: 'All Europe' })).toEqual([
      'Product Designer',
      'Senior Software Engineer',
      'Staff Software Engineer',
    ]);
    expect(await feedTitles({ location: 'Remote in Europe' })).toEqual([
      'Senior Software Engineer',
      'Staff Software Engineer',
    ]);
    expect(await feedTitles({ location: 'Remote (Worldwide)' })).toEqual(['Data Scientist']);
  });

  it('filters by experience level, type, industry and work type', async () => {
    expect(await feedTitles({ experienceLevel: 'Senior' })).toEqual([
      'Data Scientist',
      'Senior Software Engineer',
    ]);
    expect(await feedTitles({ experienceLevel: 'senior level' })).toEqual([
      'Data Scientist',
      'Senior Software Engineer',
    ]);
    expect(await feedTitles({ type: 'Contract' })).toEqual(['Data Scientist']);
    expect(await feedTitles({ type: 'freelance' })).toEqual(['Frontend Engineer']);
    expect(await feedTitles({ industry: 'Data Science & Analytics' })).toEqual(['Data Scientist']);
    expect(await feedTitles({ isRemote: 'false' })).toEqual(['Product Designer']);
    expect((await feed({ isRemote: 'true' })).totalJobs).toBe(25);
  });

  it('filters by salary range in USD per year', async () => {
    expect(await feedTitles({ salary: '50k-80k' })).toEqual(['Data Scientist']); // EUR 60k-70k
    expect(await feedTitles({ salary: '80k-120k' })).toEqual([
      'Backend Engineer',
      'Senior Software Engineer',
    ]);
    expect(await feedTitles({ salary: '150k+' })).toEqual(['Senior Software Engineer']);
  });

  it('filters by duration (posted within)', async () => {
    expect(await feedTitles({ duration: '24h' })).toEqual([
      'Senior Software Engineer',
      'Staff Software Engineer',
    ]);
    expect(await feedTitles({ duration: '7d' })).toEqual([
      'Backend Engineer',
      'Frontend Engineer',
      'Senior Software Engineer',
      'Staff Software Engineer',
    ]);
  });

  it('sorts by title and company both ways, and by date ascending', async () => {
    const byTitle = (await feed({ sortBy: 'title', sortOrder: 'asc' })).data.map((j) => j.title);
    expect(byTitle.slice(0, 3)).toEqual(['Backend Engineer', 'Data Scientist', 'Frontend Engineer']);
    const byTitleDesc = (await feed({ sortBy: 'title', sortOrder: 'desc' })).data.map((j) => j.title);
    expect(byTitleDesc[0]).toBe('Support Agent 19');
    const byCompany = (await feed({ sortBy: 'company', sortOrder: 'asc', isRemote: 'true' })).data.map(
      (j) => j.company,
    );
    expect(byCompany.slice(0, 3)).toEqual(['Acme', 'Globex', 'Globex']);
    const oldest = (await feed({ sortOrder: 'asc' })).data[0]!;
    expect(oldest.title).toBe('Product Designer');
    const relevance = await feed({ title: 'software', sortBy: 'relevance' });
    expect(relevance.totalJobs).toBe(2);
  });

  it('ignores empty values', async () => {
    const body = await feed({ title: '', location: '', page: '', sortBy: '', isRemote: '' });
    expect(body.totalJobs).toBe(26);
  });

  it.each([
    ['sortBy', 'salary'],
    ['sortOrder', 'up'],
    ['page', '0'],
    ['page', 'two'],
    ['isRemote', 'yes'],
    ['salary', '10k-20k'],
    ['duration', '1y'],
    ['experienceLevel', 'Guru'],
    ['type', 'Permanent'],
    ['industry', 'Astrology'],
    ['location', 'All Atlantis'],
  ])('answers 400 naming %s for %s', async (name, value) => {
    const res = await h.http.get('/api/jobs').query({ [name]: value });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.message).toContain(`'${name}'`);
  });

  it('answers 400 for a repeated parameter', async () => {
    const res = await h.http.get('/api/jobs?title=a&title=b');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("'title'");
  });

  it('lets browsers cache briefly', async () => {
    const res = await h.http.get('/api/jobs');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });
});

describe('GET /api/jobs/count', () => {
  it('counts live jobs', async () => {
    const res = await h.http.get('/api/jobs/count');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: 26 });
  });
});

describe('GET /api/jobs/:identifier', () => {
  it('finds a job by public id and by slug', async () => {
    const byId = await h.http.get(`/api/jobs/${jobs.senior!.publicId}`);
    expect(byId.status).toBe(200);
    expect(byId.body.slug).toBe(jobs.senior!.slug);
    expect(byId.body.title).toBe('Senior Software Engineer');
    const bySlug = await h.http.get(`/api/jobs/${jobs.senior!.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.id).toBe(jobs.senior!.publicId);
  });

  it('answers 410 GONE with the reason and time for a removed job', async () => {
    for (const identifier of [String(jobs.removed!.publicId), jobs.removed!.slug]) {
      const res = await h.http.get(`/api/jobs/${identifier}`);
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('GONE');
      expect(res.body.reason).toBe('Position filled');
      expect(res.body.removedAt).toBe('2026-01-02T03:04:05.000Z');
      expect(res.body.error.reason).toBe('Position filled');
      // So a page opened by the numeric id moves to the slug form, as for a live job.
      expect(res.body.slug).toBe(jobs.removed!.slug);
    }
  });

  it('answers 404 NOT_FOUND for an unknown job', async () => {
    for (const identifier of ['999999', 'no-such-job']) {
      const res = await h.http.get(`/api/jobs/${identifier}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('GET /api/jobs/:identifier/similar', () => {
  it('answers up to 6 live jobs like this one, never itself nor removed ones', async () => {
    const res = await h.http.get(`/api/jobs/${jobs.senior!.slug}/similar`);
    expect(res.status).toBe(200);
    const titles = (res.body as { title: string; id: number }[]).map((j) => j.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThanOrEqual(6);
    expect(titles[0]).toBe('Staff Software Engineer');
    expect(titles).not.toContain('Senior Software Engineer');
    expect(titles).not.toContain('Software Engineer II');
  });

  it('answers 410 for a removed job', async () => {
    expect((await h.http.get(`/api/jobs/${jobs.removed!.publicId}/similar`)).status).toBe(410);
  });
});

describe('GET /api/jobs/:id/structured', () => {
  it('splits the description into sections', async () => {
    const res = await h.http.get(`/api/jobs/${jobs.senior!.publicId}/structured`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(
      expect.arrayContaining(['description', 'responsibilities', 'requirements', 'benefits']),
    );
    expect(JSON.stringify(res.body.requirements)).toContain('3 years of TypeScript');
    expect(JSON.stringify(res.body.benefits)).toContain('Remote work');
  });

  it('answers 404 for an unknown job', async () => {
    expect((await h.http.get('/api/jobs/424242/structured')).status).toBe(404);
  });
});

describe('GET /api/companies/:companyName', () => {
  it('answers the profile built from its jobs, with the open job count', async () => {
    const res = await h.http.get('/api/companies/Acme');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Acme',
      slug: 'acme',
      description: 'Acme builds rockets.',
      descriptionSource: 'ats',
      size: '51-200',
      founded: null,
      industry: 'Software Engineering',
      website: 'https://acme.example',
      logo: null,
      openJobs: 2,
    });
  });

  it('prefers the company profile event, and matches names case-insensitively and URL-encoded', async () => {
    const res = await h.http.get('/api/companies/globex');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Globex',
      description: 'Globex makes everything.',
      descriptionSource: 'generated',
      founded: 1989,
      openJobs: 2,
    });
    const encoded = await h.http.get(`/api/companies/${encodeURIComponent('Helpdesk Co')}`);
    expect(encoded.status).toBe(200);
    expect(encoded.body.openJobs).toBe(20);
  });

  it('answers 404 for an unknown company', async () => {
    const res = await h.http.get('/api/companies/Nobody%20Inc');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it("pages a company's live jobs", async () => {
    const res = await h.http.get('/api/companies/Acme/jobs');
    expect(res.status).toBe(200);
    expect(res.body.totalJobs).toBe(2);
    expect(res.body.data.map((j: { title: string }) => j.title)).toEqual([
      'Senior Software Engineer',
      'Product Designer',
    ]);
    const helpdesk = await h.http.get('/api/companies/helpdesk-co/jobs?page=2');
    expect(helpdesk.body).toMatchObject({ page: 2, totalPages: 1, totalJobs: 20, data: [] });
  });
});

describe('GET /api/suggestions', () => {
  it('answers up to 8 strings for 2 or more characters', async () => {
    const res = await h.http.get('/api/suggestions?text=so');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(8);
    expect(res.body).toContain('Senior Software Engineer');
  });

  it('answers 400 naming text for fewer than 2 characters or none', async () => {
    for (const path of ['/api/suggestions?text=s', '/api/suggestions', '/api/suggestions?text=%20']) {
      const res = await h.http.get(path);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("'text'");
    }
  });
});

describe('GET /api/filter-options', () => {
  it('answers the live jobs experience levels in order and places by continent', async () => {
    const res = await h.http.get('/api/filter-options');
    expect(res.status).toBe(200);
    expect(res.body.experienceLevels).toEqual(['Entry', 'Mid-level', 'Senior', 'Lead']);
    expect(res.body.locationsByContinent).toEqual({
      'North America': ['Canada', 'United States'],
      Europe: ['Germany', 'United Kingdom'],
      Asia: ['Philippines'],
    });
    expect(Object.keys(res.body.locationsByContinent)).toEqual(['North America', 'Europe', 'Asia']);
  });
});

describe('changes and rebuilds', () => {
  it('shows an update, moves company counts, and brings a reposted job back', async () => {
    const store = h.services.store;
    await updateJob(store, jobs.backend!, {
      title: 'Principal Backend Engineer',
      company: 'Initech',
      location: 'New York, NY',
      country: 'US',
      countryName: 'United States',
      continent: 'North America',
      datePosted: ago(48 * HOUR),
    });
    await settle(jobs.backend!.position);
    expect(await feedTitles({ title: 'principal' })).toEqual(['Principal Backend Engineer']);
    expect((await h.http.get('/api/companies/Globex')).body.openJobs).toBe(1);
    expect((await h.http.get('/api/companies/Initech')).body.openJobs).toBe(2);

    await updateJob(
      store,
      jobs.removed!,
      { title: 'Software Engineer II', company: 'Acme', datePosted: ago(2 * HOUR) },
      'JobReposted',
    );
    await settle(jobs.removed!.position);
    expect((await h.http.get(`/api/jobs/${jobs.removed!.slug}`)).status).toBe(200);
    expect((await h.http.get('/api/jobs/count')).body.total).toBe(27);
    expect((await h.http.get('/api/companies/Acme')).body.openJobs).toBe(3);

    await removeJob(store, jobs.removed!, 'Expired', '2026-02-01T00:00:00.000Z');
    await settle(jobs.removed!.position);
    expect((await h.http.get(`/api/jobs/${jobs.removed!.slug}`)).body.reason).toBe('Expired');
    expect((await h.http.get('/api/jobs/count')).body.total).toBe(26);
    expect(await feedTitles({ title: 'Software Engineer II' })).not.toContain('Software Engineer II');
  });

  it('answers the same after the read models are rebuilt from the events', async () => {
    const before = await Promise.all(
      [
        '/api/jobs',
        '/api/jobs?page=2',
        '/api/jobs/count',
        '/api/companies/Acme',
        '/api/companies/Initech',
        `/api/jobs/${jobs.senior!.slug}`,
        '/api/jobs?title=engineer&location=All%20North%20America',
      ].map((p) => h.http.get(p).then((r) => [r.status, r.body])),
    );
    await h.services.runner.rebuild();
    const after = await Promise.all(
      [
        '/api/jobs',
        '/api/jobs?page=2',
        '/api/jobs/count',
        '/api/companies/Acme',
        '/api/companies/Initech',
        `/api/jobs/${jobs.senior!.slug}`,
        '/api/jobs?title=engineer&location=All%20North%20America',
      ].map((p) => h.http.get(p).then((r) => [r.status, r.body])),
    );
    expect(after).toEqual(before);
    expect((await h.http.get(`/api/jobs/${jobs.removed!.publicId}`)).status).toBe(410);
  }, 60_000);
});
