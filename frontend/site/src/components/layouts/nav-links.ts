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

/** A link of the small-screen menu (mobile-menu.tsx, mobile-account.tsx). */
export const mobileLinkClasses =
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
