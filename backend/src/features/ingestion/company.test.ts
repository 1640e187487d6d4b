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
  it('records the first profile, with who set each field', () => {
    const set = { description: 'bot', size: 'bot', founded: 'bot', industry: 'bot', website: 'bot' };
    given(companyDecider)
      .when(fromAts({ founded: 2010, industry: 'Technology', by: 'bot' }))
      .then([updated({ ...profile, changedBy: 'bot', fieldSources: set, owned: [] })]);
  });

  it('appends nothing when the profile is the same (fields the ATS leaves out keep their value)', () => {
    given(companyDecider, [updated(profile)])
      .when(fromAts())
      .then([]);
  });

  it("changes a field only for the company's own profile or the source that filled it (issue 24 §2)", () => {
    const byBot = { ...profile, fieldSources: { size: 'bot', website: 'bot' }, owned: [] };
    // Another bot: nothing to fill, nothing changes.
    given(companyDecider, [updated(byBot)])
      .when(fromAts({ size: '51-200', website: 'https://evil.example/', by: 'other' }))
      .then([]);
    // Another bot fills an empty field.
    given(companyDecider, [updated(byBot)])
      .when(fromAts({ logo: 'https://acme.example/logo.png', by: 'other' }))
      .then([
        updated({
          ...byBot,
          logo: 'https://acme.example/logo.png',
          changedBy: 'other',
          fieldSources: { ...byBot.fieldSources, logo: 'other' },
        }),
      ]);
    // The bot that filled it may change it while nobody owns it.
    given(companyDecider, [updated(byBot)])
      .when(fromAts({ size: '51-200', by: 'bot' }))
      .then([updated({ ...byBot, size: '51-200', changedBy: 'bot' })]);
    // The company's own profile wins, and owns the field from then on.
    given(companyDecider, [updated(byBot)])
      .when(fromAts({ website: 'https://acme.com/', description: null, size: null, by: 'admin', own: true }))
      .then([
        updated({
          ...byBot,
          website: 'https://acme.com/',
          changedBy: 'admin',
          fieldSources: { ...byBot.fieldSources, website: 'admin' },
          owned: ['website'],
        }),
      ]);
    const owned = { ...byBot, fieldSources: { size: 'bot', website: 'admin' }, owned: ['website'] };
    given(companyDecider, [updated(owned)])
      .when(fromAts({ website: 'https://bot.example/', by: 'bot' }))
      .then([]);
  });

  it('keeps a description the company wrote itself', () => {
    const own = { ...profile, description: 'Our own words.', descriptionSource: 'company' as const };
    given(companyDecider, [updated(own)])
      .when(fromAts({ description: 'ATS words.' }))
      .then([]);
  });
});
