import { paths } from '../../config/paths';

export interface NavLink {
  label: string;
  href: string;
}

/** Header links (spec section 2, "Header"), shared by the desktop bar and the mobile menu. */
export const headerLinks: NavLink[] = [
  { label: 'Browse Jobs', href: paths.home.getHref() },
  { label: 'Countries', href: paths.countries.getHref() },
  { label: 'Resources', href: paths.resources.getHref() },
  { label: 'Job Types', href: paths.jobTypes.getHref() },
];
