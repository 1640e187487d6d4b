import { describe, expect, it } from 'vitest';
import { canonicalUrl, shouldNoIndex } from './rules';

const base = 'https://jobs.example';
const noindex = (url: string, hasResults: boolean, resultCount: number | null = null) =>
  shouldNoIndex({ url: new URL(url, base), hasResults, resultCount });

describe('shouldNoIndex', () => {
  it('keeps pages with results indexable', () => {
    expect(noindex('/', true, 20)).toBe(false);
    expect(noindex('/?location=Germany&type=Full%20Time', true, 5)).toBe(false);
    expect(noindex('/jobs/senior-engineer-acme', true, 1)).toBe(false);
  });

  it('hides pages without results and thin listings', () => {
    expect(noindex('/', false, 0)).toBe(true);
    expect(noindex('/?title=rust', true, 2)).toBe(true);
    expect(noindex('/companies/acme', true, 1)).toBe(true);
  });

  it('hides later pages and more than two filters', () => {
    expect(noindex('/?page=2', true, 20)).toBe(true);
    expect(noindex('/?page=1', true, 20)).toBe(false);
    expect(noindex('/?title=go&location=Germany&type=Contract', true, 20)).toBe(true);
    expect(noindex('/?title=go&location=all&type=Contract', true, 20)).toBe(false);
  });
});

describe('canonicalUrl', () => {
  it('drops tracking, empty, all and page=1 values, orders and lower-cases keywords', () => {
    expect(
      canonicalUrl(
        base,
        '/',
        '?utm_source=x&title=Senior%20Engineer&gclid=1&location=All&page=1&type=&experienceLevel=Senior&fbclid=2&ref=hn',
      ),
    ).toBe(`${base}/?experienceLevel=senior&title=senior+engineer`);
  });

  it("keeps only the feed's parameters on the home page, and later pages", () => {
    expect(canonicalUrl(base, '/', 'sortBy=title&foo=bar&isRemote=true&page=3')).toBe(
      `${base}/?isRemote=true&page=3`,
    );
  });

  it('normalises the path and keeps other pages bare', () => {
    expect(canonicalUrl(base, '/jobs/senior-engineer-acme/', '?utm_medium=social')).toBe(
      `${base}/jobs/senior-engineer-acme`,
    );
    expect(canonicalUrl(base, '/', '')).toBe(`${base}/`);
  });
});
