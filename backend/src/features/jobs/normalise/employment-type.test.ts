import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_TYPES } from '@jobs/contracts';
import { employmentType, jsonLdEmploymentType, parseEmploymentType } from './employment-type';

describe('parseEmploymentType', () => {
  it.each([
    ['FullTime', 'Full Time'],
    ['full-time', 'Full Time'],
    ['Full-time', 'Full Time'],
    ['FULL_TIME', 'Full Time'],
    ['Permanent', 'Full Time'],
    ['Regular Employee', 'Full Time'],
    ['PartTime', 'Part Time'],
    ['part time', 'Part Time'],
    ['Contract', 'Contract'],
    ['Contractor', 'Contract'],
    ['Contract to Hire', 'Contract'],
    ['Fixed term (12 months)', '12-month Contract'],
    ['Fixed-term contract, 6 months', '6-month Contract'],
    ['12-month Contract', '12-month Contract'],
    ['Freelance', 'Freelance'],
    ['Temporary', 'Temporary'],
    ['Temp', 'Temporary'],
    ['Intern', 'Internship'],
    ['Internship', 'Internship'],
    ['Co-op', 'Internship'],
    ['Apprenticeship', 'Apprenticeship'],
    ['Volunteer', 'Volunteer'],
  ])('reads %j as %s', (value, label) => {
    expect(parseEmploymentType(value)).toBe(label);
  });

  it('returns null for values it does not understand', () => {
    expect(parseEmploymentType('Other')).toBeNull();
    expect(parseEmploymentType('')).toBeNull();
    expect(parseEmploymentType(null)).toBeNull();
  });
});

describe('employmentType', () => {
  it('defaults to Full Time', () => {
    expect(employmentType({ title: 'Backend Engineer' })).toBe('Full Time');
    expect(employmentType({ ats: 'Other', title: 'Backend Engineer' })).toBe('Full Time');
  });

  it('reads explicit markers in the title when the ATS has no value', () => {
    expect(employmentType({ title: 'Designer (Contract)' })).toBe('Contract');
    expect(employmentType({ title: 'Part-time Maths Tutor' })).toBe('Part Time');
    expect(employmentType({ title: 'Summer Intern, Data' })).toBe('Internship');
    expect(employmentType({ title: 'Freelance Copywriter' })).toBe('Freelance');
  });

  it('refines a contract by the length the description states', () => {
    expect(
      employmentType({ ats: 'Contract', title: 'Engineer', description: 'This is a 6-month contract.' }),
    ).toBe('6-month Contract');
    expect(
      employmentType({
        ats: 'Contractor',
        title: 'Engineer',
        description: 'A contract for twelve months, remote.',
      }),
    ).toBe('12-month Contract');
  });
});

describe('jsonLdEmploymentType', () => {
  it('maps every label to a schema.org value', () => {
    const allowed = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER'];
    for (const type of EMPLOYMENT_TYPES) expect(allowed).toContain(jsonLdEmploymentType(type));
    expect(jsonLdEmploymentType('Full Time')).toBe('FULL_TIME');
    expect(jsonLdEmploymentType('6-month Contract')).toBe('CONTRACTOR');
    expect(jsonLdEmploymentType('Internship')).toBe('INTERN');
    expect(jsonLdEmploymentType('unknown')).toBe('FULL_TIME');
  });
});

describe('employmentType from titles', () => {
  it('does not read job names or markets as employment types', () => {
    expect(employmentType({ title: 'Senior Sales Consultant' })).toBe('Full Time');
    expect(employmentType({ title: 'B2B Marketing Manager' })).toBe('Full Time');
    expect(employmentType({ title: 'Engineer, Early Stage Products' })).toBe('Full Time');
  });
});
