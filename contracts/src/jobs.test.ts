import { describe, expect, it } from 'vitest';
import { companySlug, IngestItem, ingestErrors, MAX_DESCRIPTION_BYTES } from './jobs';

const posted = {
  action: 'posted',
  externalId: '4012',
  title: 'Data Engineer',
  company: 'Acme',
  descriptionHtml: '<p>Build pipelines.</p>',
  applicationUrl: 'https://jobs.example.com/acme/4012',
};

describe('IngestItem', () => {
  it('accepts a minimal posted item', () => {
    expect(IngestItem.safeParse(posted).success).toBe(true);
  });

  it('accepts a closed item with only its external id', () => {
    expect(IngestItem.safeParse({ action: 'closed', externalId: '4012' }).success).toBe(true);
  });

  it('rejects a posted item without title, description or application URL, naming each path', () => {
    const result = IngestItem.safeParse({ action: 'posted', externalId: 'x', company: 'Acme' });
    expect(result.success).toBe(false);
    const paths = ingestErrors(result.error!).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'descriptionHtml', 'applicationUrl']));
  });

  it('rejects a javascript: application URL', () => {
    const result = IngestItem.safeParse({ ...posted, applicationUrl: 'javascript:alert(1)' });
    expect(result.success).toBe(false);
  });

  it('rejects a title over 300 characters and a description over 200 KB', () => {
    expect(IngestItem.safeParse({ ...posted, title: 'x'.repeat(301) }).success).toBe(false);
    const big = 'é'.repeat(MAX_DESCRIPTION_BYTES / 2 + 1); // under the char limit, over the byte limit
    expect(IngestItem.safeParse({ ...posted, descriptionHtml: big }).success).toBe(false);
  });

  it('accepts dates with an offset or date-only, rejects other text', () => {
    expect(IngestItem.safeParse({ ...posted, datePosted: '2026-03-02T09:00:00-05:00' }).success).toBe(true);
    expect(IngestItem.safeParse({ ...posted, datePosted: '2026-03-02' }).success).toBe(true);
    expect(IngestItem.safeParse({ ...posted, datePosted: 'yesterday' }).success).toBe(false);
  });

  it('rejects an unknown action', () => {
    expect(IngestItem.safeParse({ ...posted, action: 'deleted' }).success).toBe(false);
  });
});

describe('companySlug', () => {
  it('makes a readable ASCII slug', () => {
    expect(companySlug('Acme Café, Inc.')).toBe('acme-cafe-inc');
    expect(companySlug('Straße & Søn')).toBe('strasse-and-son');
  });

  it('gives names without Latin letters a stable hashed slug', () => {
    expect(companySlug('株式会社')).toMatch(/^company-[0-9a-f]{8}$/);
    expect(companySlug('株式会社')).toBe(companySlug(' 株式会社 '));
    expect(companySlug('株式会社')).not.toBe(companySlug('有限会社'));
  });
});
