/** Every route of the public site (spec section 2), in one place. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  job: {
    path: '/jobs/:identifier',
    getHref: (identifier: string | number) => `/jobs/${encodeURIComponent(String(identifier))}`,
  },
  company: {
    path: '/companies/:companyName',
    /**
     * By name, as the spec links it (the slug function stays out of the home route's bundle); the company page
     * then replaces the URL with the company's slug, and the server 301s a name URL to it on a reload.
     */
    getHref: (companyName: string) => `/companies/${encodeURIComponent(companyName)}`,
  },
  auth: {
    path: '/auth',
    getHref: (tab?: 'register') => (tab ? `/auth?tab=${tab}` : '/auth'),
  },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  profile: { path: '/profile', getHref: () => '/profile' },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    companyDiscovery: { path: '/admin/company-discovery', getHref: () => '/admin/company-discovery' },
    discoveredCompanies: {
      path: '/admin/discovered-companies',
      getHref: () => '/admin/discovered-companies',
    },
    atsSources: { path: '/admin/ats-sources', getHref: () => '/admin/ats-sources' },
    users: { path: '/admin/users', getHref: () => '/admin/users' },
    analytics: { path: '/admin/analytics', getHref: () => '/admin/analytics' },
    export: { path: '/admin/export', getHref: () => '/admin/export' },
  },
  countries: { path: '/countries', getHref: () => '/countries' },
  resources: { path: '/resources', getHref: () => '/resources' },
  jobTypes: { path: '/job-types', getHref: () => '/job-types' },
  categories: { path: '/categories', getHref: () => '/categories' },
  softwareEngineering: {
    path: '/categories/software-engineering',
    getHref: () => '/categories/software-engineering',
  },
  dataScience: { path: '/categories/data-science', getHref: () => '/categories/data-science' },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  developers: { path: '/developers', getHref: () => '/developers' },
} as const;

export type FeedFilters = Partial<
  Record<
    'search' | 'title' | 'location' | 'experienceLevel' | 'type' | 'jobType' | 'industry' | 'isRemote',
    string
  >
>;

/** A link to the home feed with the spec's URL query parameters (empty values are left out). */
export function feedHref(filters: FeedFilters, hash?: string): string {
  // encodeURIComponent writes spaces as %20 and keeps '(' ')', so links read like the spec's examples.
  const query = Object.entries(filters)
    .filter(([, value]) => Boolean(value))
    .map(([key, value]) => `${key}=${encodeURIComponent(value as string)}`)
    .join('&');
  return `/${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}
