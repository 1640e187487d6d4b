import { describe, expect, it } from 'vitest';
import { feedHref, paths } from './paths';

describe('feedHref', () => {
  it('builds feed links with the spec query parameters, leaving empty values out', () => {
    expect(feedHref({ location: 'Remote (Worldwide)' })).toBe('/?location=Remote%20(Worldwide)');
    expect(feedHref({ title: 'C++ & Rust', type: '', experienceLevel: 'Entry' })).toBe(
      '/?title=C%2B%2B%20%26%20Rust&experienceLevel=Entry',
    );
    expect(feedHref({}, 'feed')).toBe('/#feed');
  });

  it('encodes path segments of jobs and companies', () => {
    expect(paths.company.getHref('Acme & Co')).toBe('/companies/Acme%20%26%20Co');
    expect(paths.job.getHref(42)).toBe('/jobs/42');
    expect(paths.auth.getHref('register')).toBe('/auth?tab=register');
  });
});
