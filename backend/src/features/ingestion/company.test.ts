import { describe, it } from 'vitest';
import type { CompanyEvent, CompanyProfileUpdated } from '@jobs/contracts';
import { given } from '../../commands/testing';
import { companyDecider, type UpdateCompanyProfile } from './company';

const profile: CompanyProfileUpdated = {
  companySlug: 'acme',
  company: 'Acme',
  description: 'Acme builds rockets.',
  descriptionSource: 'ats',
  size: '11-50',
  founded: 2010,
  industry: 'Technology',
  website: 'https://acme.example/',
  logo: null,
};
const updated = (data: CompanyProfileUpdated): CompanyEvent => ({ type: 'CompanyProfileUpdated', data });
const fromAts = (over: Partial<UpdateCompanyProfile> = {}): UpdateCompanyProfile => ({
  type: 'UpdateCompanyProfile',
  companySlug: 'acme',
  company: 'Acme',
  description: 'Acme builds rockets.',
  descriptionSource: 'ats',
  size: '11-50',
  website: 'https://acme.example/',
  logo: null,
  ...over,
});

describe('company profile decider', () => {
  it('records the first profile', () => {
    given(companyDecider)
      .when(fromAts({ founded: 2010, industry: 'Technology' }))
      .then([updated(profile)]);
  });

  it('appends nothing when the profile is the same (fields the ATS leaves out keep their value)', () => {
    given(companyDecider, [updated(profile)])
      .when(fromAts())
      .then([]);
  });

  it('appends the merged profile when a field changes', () => {
    given(companyDecider, [updated(profile)])
      .when(fromAts({ size: '51-200' }))
      .then([updated({ ...profile, size: '51-200' })]);
  });

  it('keeps a description the company wrote itself', () => {
    const own = { ...profile, description: 'Our own words.', descriptionSource: 'company' as const };
    given(companyDecider, [updated(own)])
      .when(fromAts({ description: 'ATS words.' }))
      .then([]);
  });
});
