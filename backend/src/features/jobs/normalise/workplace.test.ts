import { describe, expect, it } from 'vitest';
import { detectWorkplace, isWorldwideLocation } from './workplace';

describe('detectWorkplace', () => {
  it('trusts the ATS flag over any text', () => {
    expect(detectWorkplace({ workplace: 'on-site', location: 'Remote' })).toEqual({
      workplace: 'on-site',
      isRemote: false,
      isHybrid: false,
    });
    expect(detectWorkplace({ workplace: 'hybrid', location: 'Berlin' })).toEqual({
      workplace: 'hybrid',
      isRemote: true,
      isHybrid: true,
    });
  });

  it.each([
    ['Remote', 'remote'],
    ['Remote - EMEA', 'remote'],
    ['Anywhere', 'remote'],
    ['Worldwide', 'remote'],
    ['Work from home, UK', 'remote'],
    ['London or Remote (UK)', 'remote'],
    ['Hybrid - London', 'hybrid'],
    ['Berlin (Hybrid)', 'hybrid'],
    ['Remote or hybrid, Lisbon', 'hybrid'],
    ['On-site, Austin, TX', 'on-site'],
    ['New York, NY', 'on-site'],
    ['Not remote - Paris office', 'on-site'],
  ])('reads the location %j as %s', (location, workplace) => {
    expect(detectWorkplace({ location }).workplace).toBe(workplace);
  });

  it('reads the title when the location says nothing', () => {
    expect(detectWorkplace({ location: 'Germany', title: 'Backend Engineer (Remote)' }).workplace).toBe(
      'remote',
    );
    expect(detectWorkplace({ location: 'Germany', title: 'Backend Engineer' }).workplace).toBe('on-site');
  });

  it.each([
    ['This is a fully remote position.', 'remote'],
    ['We are a remote-first company.', 'remote'],
    ['You can work from anywhere in Europe.', 'remote'],
    ['This is a hybrid role with two days in the office.', 'hybrid'],
    ['We offer hybrid working from our Madrid office.', 'hybrid'],
    ['This is not a remote role.', 'on-site'],
    ['This position is on-site only.', 'on-site'],
    ['Remote work is not possible for this role.', 'on-site'],
    ['You must be on-site in Munich three days a week; remote work is not an option.', 'on-site'],
    ['Experience with hybrid cloud environments.', 'on-site'],
    ['Build the best product in the world.', 'on-site'],
  ])('reads the description %j as %s', (description, workplace) => {
    expect(detectWorkplace({ location: 'Munich', description }).workplace).toBe(workplace);
  });

  it('does not let a negated remote in the description count as remote', () => {
    const result = detectWorkplace({ description: 'This is NOT a fully remote role: work from our office.' });
    expect(result).toEqual({ workplace: 'on-site', isRemote: false, isHybrid: false });
  });
});

describe('isWorldwideLocation', () => {
  it.each([
    'Worldwide',
    'Remote',
    'Anywhere',
    'Remote (Global)',
    'Remote - Anywhere in the World',
    '100% Remote',
  ])('%j has no place restriction', (location) => expect(isWorldwideLocation(location)).toBe(true));

  it.each(['Remote - EMEA', 'Remote (US)', 'Berlin', '', null])('%j is restricted or unknown', (location) =>
    expect(isWorldwideLocation(location)).toBe(false),
  );
});
