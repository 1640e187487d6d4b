import { describe, expect, it } from 'vitest';
import { countryLabel, countryNames, rememberCountryNames, workFromLabel } from './where-label';

describe('country names for a server-rendered page', () => {
  const state = {
    feed: {
      data: [
        { id: 1, eligibility: { worldwide: false, regions: [], countries: ['DE', 'us'], timezone: null } },
        { id: 2, eligibility: { worldwide: false, regions: ['EMEA'], countries: ['BR'], timezone: null } },
        { id: 3, eligibility: null, countries: ['FR'] }, // not an eligibility: left alone
      ],
    },
    job: { eligibility: { worldwide: true, regions: [], countries: ['ng', 'x1', 42] } },
  };

  it("names every eligibility's countries in the state, as countryLabel does, and nothing else", () => {
    // US has its own short name: the browser needs nothing for it.
    expect(countryNames(state)).toEqual({ DE: 'Germany', BR: 'Brazil', NG: 'Nigeria' });
    expect(countryNames(undefined)).toEqual({});
  });

  it('remembered names are what countryLabel answers (the browser hydrates without Intl)', () => {
    rememberCountryNames({ ZZ: 'Testland', QQ: 42, bad: 'x' });
    expect(countryLabel('zz')).toBe('Testland');
    expect(countryLabel('QQ')).toBe('QQ'); // a non-string name is refused; QQ has no ISO name
    rememberCountryNames('nonsense');
    rememberCountryNames(null);
    expect(
      workFromLabel({
        isRemote: true,
        isHybrid: false,
        eligibility: { worldwide: false, regions: [], countries: ['ZZ'], timezone: null },
      }),
    ).toBe('Remote · Testland only');
  });
});
