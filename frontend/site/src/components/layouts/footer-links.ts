import { feedHref, paths } from '../../config/paths';
import type { NavLink } from './nav-links';

export interface FooterColumn {
  title: string;
  links: NavLink[];
}

/**
 * The footer's six columns (spec section 2, "Footer"), labels to the letter.
 * 'Companies' goes to the job categories page: there is no company directory, and companies are
 * reached from their jobs. 'Job Alerts' and 'Post a Job' go to sign-in as the spec says.
 */
export const footerColumns: FooterColumn[] = [
  {
    title: 'For Job Seekers',
    links: [
      { label: 'Browse Jobs', href: paths.home.getHref() },
      { label: 'Companies', href: paths.categories.getHref() },
      { label: 'Remote Work Guide', href: paths.resources.getHref() },
      { label: 'Job Alerts', href: paths.auth.getHref() },
    ],
  },
  {
    title: 'For Employers',
    links: [
      { label: 'Post a Job', href: paths.auth.getHref() },
      { label: 'Browse All Jobs', href: paths.home.getHref() },
      { label: 'Resources', href: paths.resources.getHref() },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Home', href: paths.home.getHref() },
      { label: 'About Us', href: paths.about.getHref() },
      { label: 'Contact', href: paths.contact.getHref() },
      { label: 'Privacy Policy', href: paths.privacy.getHref() },
    ],
  },
  {
    title: 'Search Jobs by Country',
    links: [
      { label: 'Anywhere in the World', href: feedHref({ location: 'Remote (Worldwide)' }) },
      { label: 'United States', href: feedHref({ location: 'United States' }) },
      { label: 'United Kingdom', href: feedHref({ location: 'United Kingdom' }) },
      { label: 'Canada', href: feedHref({ location: 'Canada' }) },
      { label: 'View all countries', href: `${paths.countries.getHref()}#all-countries` },
    ],
  },
  {
    title: 'Job Categories',
    links: [
      { label: 'Software Engineering', href: paths.softwareEngineering.getHref() },
      { label: 'Data Science & Analytics', href: paths.dataScience.getHref() },
      { label: 'Product & Design', href: feedHref({ title: 'Product Designer' }) },
      { label: 'DevOps & Infrastructure', href: feedHref({ title: 'DevOps' }) },
      { label: 'View all', href: `${paths.categories.getHref()}#all-categories` },
    ],
  },
  {
    title: 'Jobs by Type',
    links: [
      { label: 'Full-Time', href: feedHref({ type: 'Full Time' }) },
      { label: 'Part-Time', href: feedHref({ type: 'Part Time' }) },
      { label: 'Contract', href: feedHref({ type: 'Contract' }) },
      { label: 'Internship', href: feedHref({ type: 'Internship' }) },
      { label: 'Entry-Level with no experience', href: feedHref({ experienceLevel: 'Entry' }) },
      { label: 'View all', href: paths.jobTypes.getHref() },
    ],
  },
];
