import { describe, expect, it } from 'vitest';
import { experienceLevel } from './experience';

describe('experienceLevel', () => {
  it.each([
    ['Software Engineering Intern', 'Entry'],
    ['Junior Frontend Developer', 'Entry'],
    ['Jr. Data Analyst', 'Entry'],
    ['Graduate Software Engineer', 'Entry'],
    ['Entry-Level Support Specialist', 'Entry'],
    ['Software Engineer I', 'Entry'],
    ['Software Engineer II', 'Mid-level'],
    ['Senior React Developer', 'Senior'],
    ['Sr. Backend Engineer', 'Senior'],
    ['Staff Engineer', 'Senior'],
    ['Principal Product Designer', 'Senior'],
    ['Tech Lead, Payments', 'Lead'],
    ['Lead Data Scientist', 'Lead'],
    ['Head of Marketing', 'Lead'],
    ['Engineering Manager', 'Lead'],
    ['Director of Engineering', 'Executive'],
    ['Senior Director, Sales', 'Executive'],
    ['VP of Product', 'Executive'],
    ['Chief Technology Officer', 'Executive'],
    ['CTO', 'Executive'],
    ['Lead Generation Specialist', 'Not specified'],
    ['Product Manager', 'Not specified'],
    ['Backend Engineer', 'Not specified'],
  ])('reads the title %j as %s', (title, level) => {
    expect(experienceLevel({ title })).toBe(level);
  });

  it.each([
    ['entry_level', 'Entry'],
    ['Internship', 'Entry'],
    ['Associate', 'Entry'],
    ['Senior', 'Senior'],
    ['Director', 'Executive'],
    ['Executive', 'Executive'],
    ['Manager', 'Lead'],
    ['Mid-Level', 'Mid-level'],
  ])('trusts the ATS value %j as %s', (ats, level) => {
    expect(experienceLevel({ ats, title: 'Engineer' })).toBe(level);
  });

  it("reads SmartRecruiters' mid_senior_level from the title, else as Mid-level", () => {
    expect(experienceLevel({ ats: 'mid_senior_level', title: 'Engineer' })).toBe('Mid-level');
    expect(experienceLevel({ ats: 'mid_senior_level', title: 'Senior Engineer' })).toBe('Senior');
  });

  it('falls back to the years of experience asked for', () => {
    const level = (description: string) => experienceLevel({ title: 'Engineer', description });
    expect(level('You have 5+ years of experience with Go.')).toBe('Senior');
    expect(level('3-5 years experience in marketing.')).toBe('Mid-level');
    expect(level('1 year of experience or a degree.')).toBe('Entry');
    expect(level('This is an entry-level role.')).toBe('Entry');
    expect(level('Founded 10 years ago, we build tools.')).toBe('Not specified');
  });
});

describe('experienceLevel never invents a level', () => {
  it.each(['Not Applicable', 'not_applicable', 'N/A', 'Not specified', ''])(
    'an ATS value %j that states no level leaves the title and description to decide',
    (ats) => {
      // SmartRecruiters' internship 'CRM Webmarketing Assistant' (fixtures/real/smartrecruiters/ubisoft.json).
      expect(experienceLevel({ ats, title: 'CRM Webmarketing Assistant' })).toBe('Not specified');
      expect(experienceLevel({ ats, title: 'Senior Engineer' })).toBe('Senior');
    },
  );

  it('is Not specified when nothing states a level', () => {
    expect(experienceLevel({ title: 'Account Executive, Commercial' })).not.toBe('Mid-level');
    expect(experienceLevel({ title: 'Analytics Engineer', description: 'Own our dbt project.' })).toBe(
      'Not specified',
    );
  });
});

describe('experienceLevel roman numerals', () => {
  it('reads a numeral only at the end of the title or before a qualifier', () => {
    expect(experienceLevel({ title: 'Software Engineer III' })).toBe('Senior');
    expect(experienceLevel({ title: 'Data Analyst I (Remote)' })).toBe('Entry');
    expect(experienceLevel({ title: 'I Love Data Engineer' })).toBe('Not specified');
  });
});
