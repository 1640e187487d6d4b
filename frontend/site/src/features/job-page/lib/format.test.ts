import { describe, expect, it } from 'vitest';
import { formatDate, locationLabel } from './format';

const remote = (location: string, extra: { worldwide?: boolean } = {}) =>
  locationLabel({
    location,
    isRemote: true,
    isHybrid: false,
    eligibility: extra.worldwide === undefined ? null : { worldwide: extra.worldwide },
  });
const hybrid = (location: string) => locationLabel({ location, isRemote: true, isHybrid: true });

describe("the job page's location ('{location} (Remote)' when remote and not Worldwide)", () => {
  it('moves a leading or trailing Remote label into the suffix, so the word is never doubled', () => {
    expect(remote('Remote - Europe')).toBe('Europe (Remote)');
    expect(remote('Remote – EMEA')).toBe('EMEA (Remote)');
    expect(remote('Remote, Bangalore')).toBe('Bangalore (Remote)');
    expect(remote('Remote in Europe')).toBe('Europe (Remote)');
    expect(remote('Remote (EMEA)')).toBe('EMEA (Remote)');
    expect(remote('US Remote')).toBe('US (Remote)');
    expect(remote('Europe - Remote')).toBe('Europe (Remote)');
    expect(remote('Europe (Remote)')).toBe('Europe (Remote)');
    expect(remote('Fully remote - Canada')).toBe('Canada (Remote)');
  });

  it('adds the suffix to a place that does not say remote', () => {
    expect(remote('Berlin, Germany')).toBe('Berlin, Germany (Remote)');
    expect(remote('United States, Canada')).toBe('United States, Canada (Remote)');
  });

  it('leaves Worldwide, a bare Remote and sentences as they are', () => {
    expect(remote('Remote (Worldwide)')).toBe('Remote (Worldwide)');
    expect(remote('Worldwide')).toBe('Worldwide');
    expect(remote('Global Remote', { worldwide: true })).toBe('Global Remote');
    expect(remote('Remote')).toBe('Remote');
    expect(remote('')).toBe('Remote');
    expect(remote('Remote work is only possible in the United States.')).toBe(
      'Remote work is only possible in the United States.',
    );
  });

  it('reads hybrid jobs the same way, with (Hybrid)', () => {
    expect(hybrid('Hybrid - London, UK')).toBe('London, UK (Hybrid)');
    expect(hybrid('Austin, TX (Hybrid)')).toBe('Austin, TX (Hybrid)');
    expect(hybrid('Berlin, Germany')).toBe('Berlin, Germany (Hybrid)');
  });

  it('leaves an on-site job as its location says', () => {
    expect(locationLabel({ location: 'San Francisco, CA', isRemote: false })).toBe('San Francisco, CA');
  });
});

describe('formatDate', () => {
  it("writes what toLocaleDateString('en-US', UTC, long month) writes, for every month and around midnight", () => {
    for (let m = 0; m < 12; m++)
      for (const iso of [
        new Date(Date.UTC(2026, m, 1)).toISOString(),
        new Date(Date.UTC(1999, m, 28, 23, 59, 59)).toISOString(),
        new Date(Date.UTC(2031, m, 15, 0, 0, 1)).toISOString(),
      ])
        expect(formatDate(iso)).toBe(
          new Date(iso).toLocaleDateString('en-US', {
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            timeZone: 'UTC',
          }),
        );
    expect(formatDate('2026-03-02T10:00:00Z')).toBe('March 2, 2026');
    expect(formatDate('not a date')).toBeNull();
    expect(formatDate(null)).toBeNull();
  });
});
