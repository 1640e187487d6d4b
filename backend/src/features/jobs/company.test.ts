import { describe, expect, it } from 'vitest';
import type { CompanyEvent, CompanyProfileUpdated } from '@jobs/contracts';
import { given } from '../../commands/testing';
import { companyDecider, companySlug, companyStreamId, type CompanyCommand } from './company';

const profile: CompanyProfileUpdated = {
  companySlug: 'acme',
  company: 'Acme',
  description: 'Acme builds rockets.',
  descriptionSource: 'ats',
  size: '51-200',
  founded: 2015,
  industry: 'Aerospace',
  website: 'https://acme.example/',
  logo: null,
};
const update = (changes: Partial<CompanyProfileUpdated>): CompanyCommand => ({
  type: 'UpdateCompanyProfile',
  ...profile,
  ...changes,
});
const updated = (data: CompanyProfileUpdated): CompanyEvent => ({ type: 'CompanyProfileUpdated', data });
const known = updated(profile);

describe('companySlug', () => {
  it('makes a readable ASCII slug', () => {
    expect(companySlug('Acme, Inc.')).toBe('acme-inc');
    expect(companySlug('Société Générale')).toBe('societe-generale');
    expect(companyStreamId(companySlug('Acme'))).toBe('company-acme');
  });

  it('gives a stable hashed slug to names without Latin letters', () => {
    expect(companySlug('株式会社')).toMatch(/^company-[0-9a-f]{8}$/);
    expect(companySlug('株式会社')).toBe(companySlug('株式会社'));
  });
});

describe('company decider', () => {
  it('records a first profile', () => {
    given(companyDecider).when(update({})).then([known]);
  });

  it('does nothing when nothing changed', () => {
    given(companyDecider, [known]).when(update({})).then([]);
  });

  it('updates the fields that changed', () => {
    given(companyDecider, [known])
      .when(update({ size: '201-500', logo: 'acme.png' }))
      .then([updated({ ...profile, size: '201-500', logo: 'acme.png' })]);
  });

  it('keeps known values when the update has none', () => {
    given(companyDecider, [known])
      .when(update({ size: null, founded: null, website: null, description: null }))
      .then([]);
  });

  it('does not replace a description with a less trusted one', () => {
    given(companyDecider, [known])
      .when(update({ description: 'A generated blurb.', descriptionSource: 'generated' }))
      .then([]);
  });

  it("lets the company's own description replace the ATS's", () => {
    given(companyDecider, [known])
      .when(update({ description: 'Our own words.', descriptionSource: 'company' }))
      .then([updated({ ...profile, description: 'Our own words.', descriptionSource: 'company' })]);
  });

  it('fills a missing description from a generated one', () => {
    const bare = updated({ ...profile, description: null, descriptionSource: 'generated' });
    given(companyDecider, [bare])
      .when(update({ description: 'Generated.', descriptionSource: 'generated' }))
      .then([updated({ ...profile, description: 'Generated.', descriptionSource: 'generated' })]);
  });

  it('never changes the slug of the stream', () => {
    const events = companyDecider.decide(
      update({ companySlug: 'other', size: '1-10' }),
      companyDecider.evolve(companyDecider.initialState(), known),
      {
        now: new Date(),
      },
    );
    expect(events[0]?.data.companySlug).toBe('acme');
  });
});
