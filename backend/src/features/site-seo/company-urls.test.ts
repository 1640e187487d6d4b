import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { allFeatures } from '../index';
import { postJob, updateCompanyProfile } from '../jobs/test-events';

/** Company pages by slug: links, reloads and shared links of a name with '/', '&' or a final '.' all work. */
let h: TestHarness;
let http: ReturnType<typeof supertest>;

beforeAll(async () => {
  h = await createTestHarness();
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'company-urls-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><title>Site</title></head><body></body></html>',
  );
  http = supertest(
    createApp({ ...h.services.appDeps, siteDistDir: distDir, features: allFeatures() }).callback(),
  );
  await postJob(h.services.store, {
    title: 'Lab Engineer',
    company: 'R&D Labs / Co.',
    industry: 'Healthcare',
  });
  // A profile (from the company's ATS) that names no industry.
  await updateCompanyProfile(h.services.store, {
    companySlug: 'r-and-d-labs-co',
    company: 'R&D Labs / Co.',
    description: 'We research and develop.',
    size: null,
    founded: null,
    industry: null,
    website: null,
    logo: null,
    descriptionSource: 'ats',
  });
  await h.services.runner.waitForPosition(await h.services.store.headPosition(), 10_000);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('/companies/{company}', () => {
  it('serves the page at the slug, with the canonical there', async () => {
    const res = await http.get('/companies/r-and-d-labs-co').expect(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toContain(
      '<link rel="canonical" href="http://localhost:3000/companies/r-and-d-labs-co">',
    );
    expect(res.text).toContain('"companyPage":{');
  });

  it('moves an older link by name (a "/" and a final "." in it) to the slug, instead of a bare 404', async () => {
    const res = await http.get('/companies/R%26D%20Labs%20%2F%20Co.?ref=mail').expect(301);
    expect(res.headers.location).toBe('/companies/r-and-d-labs-co?ref=mail');
  });

  it("answers the company's industry from its jobs when the profile has none", async () => {
    const res = await http.get('/api/companies/r-and-d-labs-co').expect(200);
    expect(res.body).toMatchObject({
      name: 'R&D Labs / Co.',
      slug: 'r-and-d-labs-co',
      industry: 'Healthcare',
    });
  });
});
