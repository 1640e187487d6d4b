import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../../testing/harness';

let h: TestHarness;

beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('GET /api/seo/should-noindex', () => {
  it('answers shouldNoIndex', async () => {
    const ok = await h.http
      .get('/api/seo/should-noindex')
      .query({ url: '/?location=Germany', hasResults: 'true', resultCount: '12' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ shouldNoIndex: false });
    const thin = await h.http
      .get('/api/seo/should-noindex')
      .query({ url: 'http://localhost:3000/?title=cobol', hasResults: 'true', resultCount: '1' });
    expect(thin.body).toEqual({ shouldNoIndex: true });
    const empty = await h.http
      .get('/api/seo/should-noindex')
      .query({ url: '/', hasResults: 'false', resultCount: '0' });
    expect(empty.body).toEqual({ shouldNoIndex: true });
  });

  it('answers 400 naming the parameter', async () => {
    const missing = await h.http.get('/api/seo/should-noindex').query({ hasResults: 'true' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain("'url'");
    const bad = await h.http.get('/api/seo/should-noindex').query({ url: '/', hasResults: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'hasResults'");
  });
});

describe('GET /api/seo/canonical', () => {
  it('answers the absolute canonical URL', async () => {
    const res = await h.http
      .get('/api/seo/canonical')
      .query({ pathname: '/', search: '?utm_source=x&title=React&page=1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ canonical: 'http://localhost:3000/?title=react' });
  });

  it('answers 400 for a pathname that is not a path', async () => {
    const res = await h.http.get('/api/seo/canonical').query({ pathname: '//evil.example/x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("'pathname'");
  });
});
