import Router from '@koa/router';
import SwaggerParser from '@apidevtools/swagger-parser';
import Parser from 'rss-parser';
import supertest, { type Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../http/app';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { allFeatures } from '../index';
import { jobsFeature } from '../jobs/routes';
import { postJob, removeJob, type PostedJob } from '../jobs/test-events';
import { homePageRenderer } from '../site-seo/home';
import { openDataFeature } from './routes';
import type Koa from 'koa';

let h: TestHarness;
const jobs: Record<string, PostedJob> = {};
const PUBLIC_URL = 'http://localhost:3000';

type Item = Parser.Item & { salary?: string; remote?: string; company?: string };
const parser = new Parser<Record<string, unknown>, Item>({
  customFields: {
    item: [
      ['job:salary', 'salary'],
      ['job:remote', 'remote'],
      ['job:company', 'company'],
    ],
  },
});

async function settle() {
  const head = await h.services.store.headPosition();
  expect(await h.services.runner.waitForPosition(head, 10_000)).toBe(true);
}

async function feed(path: string) {
  const res = await h.http
    .get(path)
    .buffer(true)
    .parse(textParser as unknown as Parameters<Test['parse']>[0]);
  expect(res.status, res.text).toBe(200);
  return { res, feed: await parser.parseString(res.body as string) };
}

/** supertest parses only known types into text; feeds are XML of their own types. */
function textParser(
  res: NodeJS.ReadableStream & { setEncoding(e: string): void },
  done: (e: Error | null, body: string) => void,
) {
  let data = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (data += chunk));
  res.on('end', () => done(null, data));
}

beforeAll(async () => {
  h = await createTestHarness();
  const store = h.services.store;
  jobs.rust = await postJob(store, {
    title: 'Senior Rust Engineer',
    company: 'Ferrous & Sons',
    salary: '$120,000 - $150,000',
    salaryMin: 120_000,
    salaryMax: 150_000,
    salaryCurrency: 'USD',
    salaryPeriod: 'YEAR',
    type: 'Full Time',
    experienceLevel: 'Senior',
    description: '<p>Write <b>compilers</b> &amp; tools.</p><script>alert(1)</script>',
  });
  jobs.contract = await postJob(store, { title: 'Rust Developer', company: 'Oxide', type: 'Contract' });
  jobs.design = await postJob(store, { title: 'Product Designer', company: 'Figma-ish' });
  await settle();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('RSS and Atom feeds of a search', () => {
  it('serves a valid RSS 2.0 feed of the filtered search with the job facts', async () => {
    const { res, feed: rss } = await feed('/feed.xml?title=rust&type=full%20time');
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(rss.title).toContain('Full Time Rust Jobs');
    expect(rss.items).toHaveLength(1);
    const item = rss.items[0]!;
    expect(item.title).toBe('Senior Rust Engineer at Ferrous & Sons');
    expect(item.link).toBe(`${PUBLIC_URL}/jobs/${jobs.rust!.slug}`);
    expect(new Date(item.pubDate!).getTime()).not.toBeNaN();
    const categories = (item.categories ?? []).map((c: string | { _: string }) =>
      typeof c === 'string' ? c : c._,
    );
    expect(categories).toEqual(expect.arrayContaining(['Full Time', 'Senior', 'Remote']));
    expect(item.salary).toBe('$120,000 - $150,000');
    expect(item.remote).toBe('true');
    expect(item.company).toBe('Ferrous & Sons');
    expect(item.content).toContain('Berlin, Germany · Remote · Full Time');
    expect(item.content).not.toMatch(/<script|<b>/);
  });

  it('serves a valid Atom feed with every matching job, newest first by default', async () => {
    const { res, feed: atom } = await feed('/feed.atom?title=rust');
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    const titles = atom.items.map((i) => i.title);
    expect(titles).toEqual(['Rust Developer at Oxide', 'Senior Rust Engineer at Ferrous & Sons']);
    expect(atom.items[0]!.link).toBe(`${PUBLIC_URL}/jobs/${jobs.contract!.slug}`);
    expect(atom.items[0]!.isoDate).toBeTruthy();

    const oldest = await feed('/feed.atom?title=rust&sort=oldest');
    expect(oldest.feed.items.map((i) => i.title)).toEqual([...titles].reverse());
  });

  it('refuses a parameter the feed does not take, or a value it cannot mean', async () => {
    const unknown = await h.http.get('/feed.xml?page=2');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION');
    const sort = await h.http.get('/feed.xml?sort=best');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toContain("'sort'");
    expect((await h.http.get('/feed.atom?type=sometimes')).status).toBe(400);
  });

  it('answers 304 to a conditional GET by ETag and by date, and 200 once a job is removed', async () => {
    const first = await h.http.get('/feed.xml?title=rust');
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(lastModified).toBeTruthy();

    const byTag = await h.http.get('/feed.xml?title=rust').set('If-None-Match', etag);
    expect(byTag.status).toBe(304);
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await h.http.get('/feed.xml?title=rust').set('If-Modified-Since', lastModified);
    expect(byDate.status).toBe(304);
    const older = new Date(Date.parse(lastModified) - 3_600_000).toUTCString();
    expect((await h.http.get('/feed.xml?title=rust').set('If-Modified-Since', older)).status).toBe(200);
    // The same items in the other format are another representation.
    expect((await h.http.get('/feed.atom?title=rust').set('If-None-Match', etag)).status).toBe(200);

    await removeJob(h.services.store, jobs.contract!, 'filled', new Date().toISOString());
    await settle();
    const after = await h.http.get('/feed.xml?title=rust').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    const { feed: rss } = await feed('/feed.xml?title=rust');
    expect(rss.items.map((i) => i.link)).toEqual([`${PUBLIC_URL}/jobs/${jobs.rust!.slug}`]);
  });
});

describe('the home page advertises the feed of its search', () => {
  it('writes alternate links for the current search', async () => {
    const render = homePageRenderer({
      pool: h.services.appDeps.pool,
      publicUrl: PUBLIC_URL,
      search: h.services.appDeps.search!,
    });
    const ctx = {
      path: '/',
      query: { title: 'rust', experienceLevel: 'Senior' },
      querystring: 'title=rust&experienceLevel=Senior',
      originalUrl: '/?title=rust&experienceLevel=Senior',
      state: {},
    } as unknown as Koa.Context;
    const page = await render(ctx);
    expect(page?.head).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Senior Rust Jobs | RemoteJobs" href="${PUBLIC_URL}/feed.xml?title=rust&amp;experienceLevel=Senior">`,
    );
    expect(page?.head).toContain(`type="application/atom+xml"`);
  });
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await h.http.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(res.body))).resolves.toBeTruthy();
    // Parameters come from the routes' zod schemas.
    const params = res.body.paths['/api/jobs'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['title', 'location', 'isRemote', 'sortBy', 'page']));
    const feedParams = res.body.paths['/feed.xml'].get.parameters.map((p: { name: string }) => p.name);
    expect(feedParams.sort()).toEqual(
      [
        'experienceLevel',
        'industry',
        'isRemote',
        'location',
        'salary',
        'sort',
        'title',
        'type',
        'workFrom',
        'tz',
        'tzHours',
      ].sort(),
    );
  });

  it('documents every route of the real router except admin, ingestion and development', async () => {
    const doc = (await h.http.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const router = new Router();
    for (const feature of allFeatures()) feature.routes(router, h.services.appDeps);
    const routes = router.stack
      .filter((layer) => layer.methods.length > 0)
      .flatMap((layer) =>
        layer.methods
          .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
          .map((method) => ({ method: method.toLowerCase(), path: String(layer.path) })),
      )
      .filter(({ path }) => !/^\/api\/(admin|ingest|dev)(\/|$)/.test(path));
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes
      .map(({ method, path }) => ({ method, path: path.replace(/:([A-Za-z0-9_]+)/g, '{$1}') }))
      .filter(({ method, path }) => !doc.paths[path]?.[method])
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });
});

describe('CORS and the public rate limit', () => {
  it('lets any origin read the public calls without credentials', async () => {
    for (const path of ['/api/jobs', '/api/jobs/count', '/feed.xml', '/api/openapi.json']) {
      const res = await h.http.get(path).set('Origin', 'https://elsewhere.example');
      expect(res.headers['access-control-allow-origin'], path).toBe('*');
      expect(res.headers['access-control-allow-credentials'], path).toBeUndefined();
      expect(res.headers['ratelimit-limit'], path).toBe('600');
    }
    const account = await h.http.get('/api/user').set('Origin', 'https://elsewhere.example');
    expect(account.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the preflight of a public GET', async () => {
    const res = await h.http
      .options(`/api/jobs/${jobs.rust!.publicId}`)
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'if-none-match');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
    expect(res.headers['access-control-allow-headers']).toContain('If-None-Match');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('counts anonymous requests per IP with RateLimit headers and answers 429 past the limit', async () => {
    const app = createApp({
      ...h.services.appDeps,
      features: [openDataFeature({ limits: { anonymous: 3, site: 5, windowSeconds: 60 } }), jobsFeature()],
    });
    const http = supertest(app.callback());
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await http.get('/api/jobs/count');
      expect(res.status).toBe(200);
      remaining.push(res.headers['ratelimit-remaining'] as string);
      expect(res.headers['ratelimit-policy']).toBe('3;w=60');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await http.get('/api/jobs/count');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    // The site's own pages have their own, higher allowance.
    const ours = await http.get('/api/jobs/count').set('Sec-Fetch-Site', 'same-origin');
    expect(ours.status).toBe(200);
    expect(ours.headers['ratelimit-limit']).toBe('5');
  });
});

describe('the embeddable list', () => {
  it('renders a self-contained list that any site may frame', async () => {
    const res = await h.http.get('/embed?title=rust&limit=5');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.text).toContain('Senior Rust Engineer');
    expect(res.text).toContain('Ferrous &amp; Sons');
    expect(res.text).toContain(`href="${PUBLIC_URL}/jobs/${jobs.rust!.slug}" target="_blank" rel="noopener"`);
    expect(res.text).not.toContain('Product Designer');
    expect(res.text).not.toMatch(/<script/);
  });

  it('shows an invalid parameter as a frameable page', async () => {
    const res = await h.http.get('/embed?limit=500');
    expect(res.status).toBe(400);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.text).toContain('limit');
  });

  it('keeps every other route out of frames', async () => {
    for (const path of ['/api/jobs', '/feed.xml', '/api/openapi.json', '/healthz']) {
      const res = await h.http.get(path);
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
  });
});
