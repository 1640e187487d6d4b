/** A complete, plausible JobContent for tests; override what the test is about. */
import type { JobContent } from '@jobs/contracts';

export function jobContent(overrides: Partial<JobContent> = {}): JobContent {
  return {
    title: 'Software Engineer',
    company: 'Acme',
    companyLogo: null,
    companyDescription: 'Acme builds rockets.',
    companyWebsite: 'https://acme.example',
    companySize: '51-200',
    location: 'Berlin, Germany',
    isRemote: true,
    isHybrid: false,
    workplace: 'remote',
    country: 'DE',
    countryName: 'Germany',
    continent: 'Europe',
    type: 'Full Time',
    experienceLevel: 'Mid-level',
    industry: 'Software Engineering',
    department: null,
    salary: null,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    salaryPeriod: null,
    skills: ['TypeScript'],
    description:
      '<h2>About Acme</h2><p>We are a rocket company with a long history of success and many happy customers.</p><h2>Responsibilities</h2><ul><li>Build the API</li><li>Review code</li></ul><h2>Requirements</h2><ul><li>3 years of TypeScript</li></ul><h2>Benefits</h2><ul><li>Remote work</li></ul>',
    datePosted: new Date().toISOString(),
    applicationUrl: 'https://acme.example/apply',
    sourceUrl: 'https://boards.example/acme/1',
    ...overrides,
  };
}
