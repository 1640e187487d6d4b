import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { allFeatures } from '../index';
import { postJob, removeJob, updateCompanyProfile, type PostedJob } from '../jobs/test-events';
import { sitemapFeature } from './sitemap';

const DAY = 24 * 3600 * 1000;
const POSTED = '2026-03-02T09:00:00.000Z';

let h: TestHarness;
let http: ReturnType<typeof supertest>;
let distDir: string;
const jobs: Record<string, PostedJob> = {};

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

function ofType(html: string, type: string) {
  const found = jsonLdBlocks(html).find((b) => b['@type'] === type);
  expect(found, `${type} in ${html}`).toBeDefined();
  return found as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON-LD is untyped JSON
}

beforeAll(async () => {
  h = await createTestHarness();
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-seo-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    // Shaped like the built index.html: the generic description spans lines.
    '<html><head><title>Site</title>\n    <meta\n      name="description"\n      content="generic"\n    />\n</head><body><div id="root"></div></body></html>',
  );
  const features = allFeatures().filter((f) => f.name !== 'site-seo');
  const app = createApp({
    ...h.services.appDeps,
    siteDistDir: distDir,
    features: [...features, sitemapFeature({ pageSize: 2 })],
  });
  http = supertest(app.callback());

  const store = h.services.store;
  jobs.remote = await postJob(store, {
    title: 'Senior Platform Engineer </script><script>alert(1)</script>',
    company: 'Acme',
    companyLogo: 'https://cdn.example/acme.png',
    companyWebsite: 'https://acme.example',
    location: 'Remote - United States',
    isRemote: true,
    isHybrid: false,
    workplace: 'remote',
    country: 'US',
    eligibility: { worldwide: false, countries: ['US'], regions: [], timezone: null },
    type: 'Contract',
    salary: '$120,000 - $150,000 / year',
    salaryMin: 120_000,
    salaryMax: 150_000,
    salaryCurrency: 'USD',
    salaryPeriod: 'YEAR',
    datePosted: POSTED,
  });
  jobs.onsite = await postJob(store, {
    title: 'Office Manager',
    company: 'Globex',
    location: 'Berlin, Germany',
    isRemote: false,
    isHybrid: false,
    workplace: 'on-site',
    country: 'DE',
    type: 'Part Time',
    salary: '€4,000 / month',
    salaryMin: 4000,
    salaryMax: 4000,
    salaryCurrency: 'EUR',
    salaryPeriod: 'MONTH',
  });
  jobs.worldwide = await postJob(store, {
    title: 'Support Lead',
    company: 'Initech',
    location: 'Worldwide',
    isRemote: true,
    isHybrid: false,
    eligibility: { worldwide: true, countries: [], regions: [], timezone: null },
    country: null,
    countryName: null,
    continent: null,
  });
  jobs.removed = await postJob(store, { title: 'Old Role', company: 'Acme' });
  await updateCompanyProfile(store, {
    companySlug: 'acme',
    company: 'Acme',
    description: 'Acme builds rockets.',
    size: '51-200',
    founded: 1999,
    industry: 'Technology',
    website: 'https://acme.example',
    logo: null,
    descriptionSource: 'company',
  });
  const last = await removeJob(store, jobs.removed, 'Position filled', '2026-04-01T10:00:00.000Z');
  expect(await h.services.runner.waitForPosition(last, 10_000)).toBe(true);
});

afterAll(async () => {
  await h?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('job page HTML', () => {
  it('carries a JobPosting with every Google property, the salary in the posting own currency and period, valid 30 days after the last confirmation', async () => {
    const res = await http.get(`/jobs/${jobs.remote!.slug}`).expect(200);
    const posting = ofType(res.text, 'JobPosting');
    expect(posting['@context']).toBe('https://schema.org/');
    expect(posting.title).toBe('Senior Platform Engineer </script><script>alert(1)</script>');
    expect(posting.description).toContain('<h2>Responsibilities</h2>');
    expect(posting.datePosted).toBe(POSTED);
    // 30 days after its source last confirmed it (here: when it was posted to us, after datePosted).
    const api = await http.get(`/api/jobs/${jobs.remote!.publicId}`).expect(200);
    expect(Date.parse(api.body.lastConfirmedAt)).toBeGreaterThan(Date.parse(POSTED));
    expect(Date.parse(posting.validThrough) - Date.parse(api.body.lastConfirmedAt)).toBe(30 * DAY);
    expect(posting.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Acme',
      sameAs: 'https://acme.example',
      logo: 'https://cdn.example/acme.png',
    });
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    expect(posting.applicantLocationRequirements).toEqual([{ '@type': 'Country', name: 'US' }]);
    expect(posting.jobLocation).toBeUndefined();
    expect(posting.employmentType).toBe('CONTRACTOR');
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', minValue: 120000, maxValue: 150000, unitText: 'YEAR' },
    });
    expect(posting.identifier).toEqual({
      '@type': 'PropertyValue',
      name: 'Acme',
      value: String(jobs.remote!.publicId),
    });
    expect(posting.directApply).toBe(false);
  });

  it('escapes < in JSON-LD so a title cannot close the script tag', async () => {
    const res = await http.get(`/jobs/${jobs.remote!.slug}`).expect(200);
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect(res.text).toContain('\\u003c/script>');
  });

  it('has title, description, keywords, og, twitter, canonical in slug form and a BreadcrumbList', async () => {
    const res = await http.get(`/jobs/${jobs.remote!.publicId}`).expect(200);
    const canonical = `http://localhost:3000/jobs/${jobs.remote!.slug}`;
    expect(res.text).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(res.text).toMatch(
      /<title>Senior Platform Engineer &lt;\/script&gt;.* at Acme \| RemoteJobs<\/title>/,
    );
    expect(res.text).toMatch(/<meta name="description" content="Senior Platform Engineer[^"]*at Acme/);
    expect(res.text).not.toContain('content="generic"');
    expect(res.text.match(/name="description"/g)).toHaveLength(1);
    expect(res.text).toMatch(/<meta name="keywords" content="[^"]*acme[^"]*contract/);
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image']) {
      expect(res.text).toContain(`<meta property="${tag}"`);
    }
    for (const tag of ['twitter:card', 'twitter:title', 'twitter:description']) {
      expect(res.text).toContain(`<meta name="twitter:${tag.split(':')[1]}"`);
    }
    const crumbs = ofType(res.text, 'BreadcrumbList');
    expect(crumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual([
      'Home',
      'Acme',
      expect.stringContaining('Senior Platform Engineer'),
    ]);
    expect(crumbs.itemListElement[2].item).toBe(canonical);
    // The client renders from this state without a round trip.
    expect(res.text).toContain('window.__INITIAL_STATE__={"jobPage":{');
  });

  it('gives an on-site job a Place with a PostalAddress and states a monthly EUR salary as the posting does', async () => {
    const res = await http.get(`/jobs/${jobs.onsite!.slug}`).expect(200);
    const posting = ofType(res.text, 'JobPosting');
    expect(posting.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' },
    });
    expect(posting.jobLocationType).toBeUndefined();
    expect(posting.employmentType).toBe('PART_TIME');
    // The posting's own currency and period (Google's baseSalary), not the USD-per-year conversion.
    expect(posting.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', value: 4000, unitText: 'MONTH' },
    });
  });

  it('lists every country for a job open worldwide, and leaves out baseSalary when unknown', async () => {
    const res = await http.get(`/jobs/${jobs.worldwide!.slug}`).expect(200);
    const posting = ofType(res.text, 'JobPosting');
    expect(posting.jobLocationType).toBe('TELECOMMUTE');
    const countries = posting.applicantLocationRequirements.map((c: { name: string }) => c.name);
    expect(countries.length).toBeGreaterThan(200);
    expect(countries).toEqual(expect.arrayContaining(['US', 'DE', 'IN', 'BR', 'NG', 'JP']));
    expect(posting.baseSalary).toBeUndefined();
    expect(posting.employmentType).toBe('FULL_TIME');
  });

  it('answers 410 with the removal in the state and no JobPosting for a removed job', async () => {
    const res = await http.get(`/jobs/${jobs.removed!.slug}`).expect(410);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(jsonLdBlocks(res.text)).toHaveLength(0);
    expect(res.text).toContain('"reason":"Position filled"');
    expect(res.text).toContain('"removedAt":"2026-04-01T10:00:00.000Z"');
  });

  it('answers 404 for an unknown job, by slug or by id', async () => {
    await http.get('/jobs/no-such-job').expect(404);
    const res = await http.get('/jobs/987654321').expect(404);
    expect(res.text).toContain('"status":404');
  });
});

describe('company page HTML', () => {
  it('renders the profile with canonical, Organization and breadcrumbs', async () => {
    const res = await http.get('/companies/acme').expect(200);
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/companies/acme">');
    const org = ofType(res.text, 'Organization');
    expect(org).toMatchObject({ name: 'Acme', sameAs: 'https://acme.example', foundingDate: '1999' });
    ofType(res.text, 'BreadcrumbList');
    expect(res.text).toContain('"companyPage":{');
  });

  it('answers 404 for an unknown company', async () => {
    await http.get('/companies/Nobody%20Inc').expect(404);
  });
});

describe('sitemap and robots', () => {
  it('robots.txt points to the sitemap and keeps crawlers out of private areas', async () => {
    const res = await http.get('/robots.txt').expect(200);
    expect(res.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    for (const path of ['/admin', '/profile', '/api/']) expect(res.text).toContain(`Disallow: ${path}\n`);
  });

  it('splits live jobs into pages of the page size and lists live jobs only, with lastmod', async () => {
    const index = await http.get('/sitemap.xml').expect(200);
    expect(index.headers['content-type']).toMatch(/xml/);
    // 3 live jobs and 3 companies at 2 per page: two job files and two company files.
    const locs = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'http://localhost:3000/sitemap-jobs-1.xml',
      'http://localhost:3000/sitemap-jobs-2.xml',
      'http://localhost:3000/sitemap-companies.xml',
      'http://localhost:3000/sitemap-companies-2.xml',
    ]);
    const pages = await Promise.all([1, 2].map((n) => http.get(`/sitemap-jobs-${n}.xml`).expect(200)));
    const urls = pages.flatMap((p) => [...p.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    expect(urls).toHaveLength(3);
    expect(urls).toEqual(
      expect.arrayContaining(
        [jobs.remote, jobs.onsite, jobs.worldwide].map((j) => `http://localhost:3000/jobs/${j!.slug}`),
      ),
    );
    expect(urls).not.toContain(`http://localhost:3000/jobs/${jobs.removed!.slug}`);
    expect(pages[0]!.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    await http.get('/sitemap-jobs-3.xml').expect(404);
  });

  it('lists companies with live jobs', async () => {
    const pages = await Promise.all(
      ['/sitemap-companies.xml', '/sitemap-companies-2.xml'].map((p) => http.get(p).expect(200)),
    );
    const text = pages.map((p) => p.text).join('');
    for (const slug of ['acme', 'globex', 'initech']) expect(text).toContain(`/companies/${slug}</loc>`);
    await http.get('/sitemap-companies-3.xml').expect(404);
  });

  it('caps a sitemap file at 50,000 URLs by default', async () => {
    const { SITEMAP_MAX_URLS } = await import('./sitemap');
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });
});
