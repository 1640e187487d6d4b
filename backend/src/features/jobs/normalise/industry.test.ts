import { describe, expect, it } from 'vitest';
import { industryFor } from './industry';

describe('industryFor', () => {
  it.each([
    ['Senior Software Engineer', 'Software Engineering'],
    ['Frontend Developer (React)', 'Software Engineering'],
    ['iOS Engineer', 'Software Engineering'],
    ['Data Engineer', 'Data Science & Analytics'],
    ['Machine Learning Engineer', 'Data Science & Analytics'],
    ['Business Intelligence Analyst', 'Data Science & Analytics'],
    ['Site Reliability Engineer', 'DevOps & Infrastructure'],
    ['DevOps Engineer', 'DevOps & Infrastructure'],
    ['Cloud Platform Engineer', 'DevOps & Infrastructure'],
    ['Product Designer', 'Product & Design'],
    ['Senior Product Manager', 'Product & Design'],
    ['Product Marketing Manager', 'Marketing'],
    ['SEO Specialist', 'Marketing'],
    ['Account Executive, Mid-Market', 'Sales'],
    ['Sales Engineer', 'Sales'],
    ['Business Development Representative', 'Sales'],
    ['Customer Success Manager', 'Customer Support'],
    ['Technical Support Engineer', 'Customer Support'],
    ['Senior Accountant', 'Finance'],
    ['FP&A Manager', 'Finance'],
    ['Technical Recruiter', 'HR'],
    ['People Partner', 'HR'],
    ['Registered Nurse (RN)', 'Healthcare'],
    ['Licensed Therapist', 'Healthcare'],
    ['Online English Teacher', 'Education'],
    ['Curriculum Developer', 'Education'],
    ['Executive Assistant to the CEO', 'Operations'],
    ['Office Manager', 'Operations'],
    ['Chief of Staff', 'Operations'],
  ])('classifies %j as %s', (title, industry) => {
    expect(industryFor({ title })).toBe(industry);
  });

  it('uses the ATS value when it names one of our industries', () => {
    expect(industryFor({ ats: 'healthcare', title: 'Software Engineer' })).toBe('Healthcare');
    expect(industryFor({ ats: 'Digital Marketing', title: 'Specialist' })).toBe('Marketing');
  });

  it('falls back to the department when the title says nothing', () => {
    expect(industryFor({ title: 'Wizard', department: 'Engineering' })).toBe('Software Engineering');
    expect(industryFor({ title: 'Ninja', department: 'Finance' })).toBe('Finance');
  });

  it('defaults to Technology', () => {
    expect(industryFor({ title: 'Wizard' })).toBe('Technology');
  });
});
