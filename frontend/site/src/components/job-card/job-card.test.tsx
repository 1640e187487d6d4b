// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_DESCRIPTION_LENGTH, excerptOf } from '@jobs/contracts/description-text';
import { cardExcerpt } from '../../lib/text/excerpt';
import { JobCard, MIN_EXCERPT_LENGTH, type JobCardJob } from './job-card';
import { companyInitials, logoUrl } from './company-logo';

afterEach(cleanup);

const now = new Date('2025-06-15T12:00:00Z');
const job: JobCardJob = {
  id: 42,
  slug: 'senior-react-engineer-acme-42',
  title: 'Senior React Engineer',
  company: 'Acme',
  companyLogo: 'https://cdn.example.com/acme.png',
  location: 'Berlin, Germany (Hybrid)',
  isRemote: true,
  isHybrid: true,
  type: 'Full Time',
  experienceLevel: 'Senior',
  industry: 'Software Engineering',
  description:
    '<h3>About us</h3><p>We make anvils since 1901.</p><h3>Responsibilities</h3><p>Build the React app.</p>',
  datePosted: new Date(now.getTime() - 3 * 3_600_000).toISOString(),
};

function renderCard(props: Partial<Parameters<typeof JobCard>[0]> = {}) {
  return render(
    <MemoryRouter>
      <JobCard job={job} now={now} {...props} />
    </MemoryRouter>,
  );
}

describe('JobCard: where a remote job may be done from', () => {
  const remote = { ...job, location: 'Remote - US', isHybrid: false };
  it.each<[string, JobCardJob['eligibility'], string | null]>([
    ['one country', { worldwide: false, countries: ['US'], regions: [], timezone: null }, 'Remote · US only'],
    [
      'the whole world',
      { worldwide: true, countries: [], regions: [], timezone: null },
      'Remote · Worldwide',
    ],
    [
      'a time-zone range',
      { worldwide: false, countries: [], regions: [], timezone: { min: -3, max: 3 } },
      'Remote · UTC−3 to UTC+3',
    ],
    [
      'two countries',
      { worldwide: false, countries: ['CA', 'US'], regions: [], timezone: null },
      'Remote · Canada or US',
    ],
    ['a region', { worldwide: false, countries: [], regions: ['EMEA'], timezone: null }, 'Remote · EMEA'],
    ['nothing', null, 'Remote'],
  ])('says %s', (_, eligibility, label) => {
    renderCard({ job: { ...remote, eligibility } });
    expect(screen.getByTestId('work-from').textContent).toBe(label);
  });

  it('says nothing more for a hybrid job: its location is its place', () => {
    renderCard();
    expect(screen.queryByTestId('work-from')).toBeNull();
  });
});

describe('JobCard', () => {
  it('shows the job, links title and company, and opens View Job in a new tab', () => {
    renderCard({ excerpt: cardExcerpt({ ...job, excerpt: excerptOf(job.description ?? '') }) });
    expect(screen.getByRole('link', { name: 'Senior React Engineer' }).getAttribute('href')).toBe(
      '/jobs/senior-react-engineer-acme-42',
    );
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/companies/Acme');
    const view = screen.getByRole('link', { name: /View Job/ });
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toBe('noopener');
    expect(screen.getByText('Hybrid')).toBeTruthy();
    expect(screen.getByText('3h ago')).toBeTruthy();
    expect(screen.getByTestId('job-excerpt').textContent).toBe('Build the React app.');
    expect(screen.getAllByText('Senior').length).toBeGreaterThan(0);
    expect(screen.getByText('Software Engineering')).toBeTruthy();
  });

  it("shows the server's excerpt, or says where to read more when it is too short", () => {
    expect(MIN_EXCERPT_LENGTH).toBe(MIN_DESCRIPTION_LENGTH);
    renderCard({ variant: 'feed', job: { ...job, excerpt: 'Build the React app for our customers.' } });
    expect(screen.getByTestId('job-excerpt').textContent).toBe('Build the React app for our customers.');
    cleanup();
    renderCard({ variant: 'feed', job: { ...job, excerpt: 'Short.' } });
    expect(screen.getByTestId('job-excerpt').textContent).toBe(
      'Senior React Engineer at Acme. Visit website for details.',
    );
  });

  it("shows no 'Not specified' experience level on a card", () => {
    renderCard({ job: { ...job, experienceLevel: 'Not specified' } });
    expect(screen.queryByText('Not specified')).toBeNull();
    expect(screen.getByText('Full Time')).toBeTruthy();
  });

  it('falls back to coloured initials when the logo fails to load', () => {
    renderCard();
    fireEvent.error(screen.getByRole('img', { name: 'Acme logo' }));
    expect(screen.getByTestId('company-initials').textContent).toBe('AC');
  });

  it('highlights the search words, uses the id without a slug, and hides details when compact', () => {
    renderCard({ job: { ...job, slug: '' }, highlight: 'react', compact: true, variant: 'feed' });
    expect(screen.getAllByText('React', { selector: 'mark' }).length).toBe(1);
    expect(screen.getByRole('link', { name: /View Job/ }).getAttribute('href')).toBe('/jobs/42');
    expect(screen.queryByTestId('job-excerpt')).toBeNull();
    expect(screen.queryByText('Full Time')).toBeNull();
  });

  it('the feed card reads the age in hours, days or weeks and shows Remote for a remote job', () => {
    renderCard({
      variant: 'feed',
      job: {
        ...job,
        isHybrid: false,
        location: 'Remote',
        datePosted: new Date(now.getTime() - 9 * 86_400_000).toISOString(),
      },
    });
    expect(screen.getByText('1w ago')).toBeTruthy();
    expect(screen.getByText('Remote', { selector: 'span.rounded-full' })).toBeTruthy();
  });
});

describe('company logo', () => {
  it('uses a full URL as given and serves a file name from the logos path', () => {
    expect(logoUrl('https://x.example/a.png')).toBe('https://x.example/a.png');
    expect(logoUrl('acme.png')).toBe('/company-logos/acme.png');
    expect(logoUrl('  ')).toBeNull();
    expect(companyInitials('3M Company')).toBe('3M');
    expect(companyInitials('é')).toBe('É');
  });
});
