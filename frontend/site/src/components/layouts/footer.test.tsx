// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { Footer } from './footer';

afterEach(cleanup);

const columns: Record<string, [label: string, href: string][]> = {
  'For Job Seekers': [
    ['Browse Jobs', '/'],
    ['Companies', '/categories'],
    ['Remote Work Guide', '/resources'],
    ['Job Alerts', '/auth'],
  ],
  'For Employers': [
    ['Post a Job', '/auth'],
    ['Browse All Jobs', '/'],
    ['Resources', '/resources'],
  ],
  Company: [
    ['Home', '/'],
    ['About Us', '/about'],
    ['Contact', '/contact'],
    ['Privacy Policy', '/privacy'],
  ],
  'Search Jobs by Country': [
    ['Anywhere in the World', '/?location=Remote%20(Worldwide)'],
    ['United States', '/?location=United%20States'],
    ['United Kingdom', '/?location=United%20Kingdom'],
    ['Canada', '/?location=Canada'],
    ['View all countries', '/countries#all-countries'],
  ],
  'Job Categories': [
    ['Software Engineering', '/categories/software-engineering'],
    ['Data Science & Analytics', '/categories/data-science'],
    ['Product & Design', '/?title=Product%20Designer'],
    ['DevOps & Infrastructure', '/?title=DevOps'],
    ['View all', '/categories#all-categories'],
  ],
  'Jobs by Type': [
    ['Full-Time', '/?type=Full%20Time'],
    ['Part-Time', '/?type=Part%20Time'],
    ['Contract', '/?type=Contract'],
    ['Internship', '/?type=Internship'],
    ['Entry-Level with no experience', '/?experienceLevel=Entry'],
    ['View all', '/job-types'],
  ],
};

describe('Footer', () => {
  it('has the six columns with exactly the spec labels, in order, and their targets', () => {
    renderWithApp(<Footer />, { user: null });
    for (const [title, links] of Object.entries(columns)) {
      const column = screen.getByRole('navigation', { name: title });
      expect(within(column).getByRole('heading', { name: title })).toBeTruthy();
      const anchors = within(column).getAllByRole('link');
      expect(anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')])).toEqual(links);
    }
  });

  it('shows the tagline, placeholder social links and the current year', () => {
    renderWithApp(<Footer />, { user: null });
    expect(
      screen.getByText(
        'The best place to find and list remote jobs. Connect with companies hiring remotely from anywhere in the world.',
      ),
    ).toBeTruthy();
    for (const label of ['Follow us on X (Twitter)', 'Follow us on LinkedIn', 'Our code on GitHub']) {
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe('#');
    }
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} RemoteJobs`))).toBeTruthy();
  });
});
