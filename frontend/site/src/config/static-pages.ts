/**
 * The site's written pages as search engines and link previews see them: the `{page}` part of their
 * '{page} | RemoteJobs' title (what the page's ContentPage sets as document.title) and a specific meta
 * description. The server sends both in the first HTML (backend/src/features/site-seo/static-pages.ts); the
 * browser test tests/browser/ssr.browser.test.ts keeps each title equal to the one the page sets itself.
 * No imports: the backend reads this file too.
 */
export interface StaticPageSeo {
  title: string;
  description: string;
}

export const STATIC_PAGES: Readonly<Record<string, StaticPageSeo>> = {
  '/about': {
    title: 'About Us',
    description:
      'RemoteJobs lists remote and hybrid jobs from companies hiring anywhere in the world: who we are, where the jobs come from and how we check them.',
  },
  '/contact': {
    title: 'Contact Us',
    description:
      'Questions, job listing issues, partnerships or press: how to reach the RemoteJobs team by e-mail, and how fast we answer.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'What personal data RemoteJobs collects, why, how long we keep it, who we share it with and the choices you have.',
  },
  '/categories': {
    title: 'Remote Job Categories',
    description:
      'Browse remote jobs by category: software engineering, data, design, product, marketing, sales, support and more, with career guides.',
  },
  '/categories/software-engineering': {
    title: 'Remote Software Engineering Jobs',
    description:
      'Remote software engineering jobs and a career guide: frontend, backend, full-stack, mobile and DevOps roles, the skills they ask for and searches to start from.',
  },
  '/categories/data-science': {
    title: 'Remote Data Science & Analytics Jobs',
    description:
      'Remote data jobs and a career guide: data analyst, data scientist, data engineer and machine learning roles, the skills they ask for and searches to start from.',
  },
  '/countries': {
    title: 'Remote Jobs by Country',
    description:
      'Remote jobs you can take from where you live: browse by region and country, since many employers hire only where they can run payroll.',
  },
  '/job-types': {
    title: 'Remote Jobs by Type',
    description:
      'Full-time, contract, freelance, internship and apprenticeship remote jobs: what each contract means for pay, taxes and benefits, and what to ask before you sign.',
  },
  '/resources': {
    title: 'Remote Work Guide',
    description:
      'A guide to remote work: finding the right remote job, applying and interviewing remotely, setting up a home office and spotting job scams.',
  },
  '/developers': {
    title: 'Developers: API, feeds and embeds',
    description:
      'RemoteJobs open data for developers: RSS and Atom feeds, a documented JSON API, an embeddable job list and an MCP server for AI assistants.',
  },
};

/** The entry for a path ('/about' or '/about/'), or undefined. */
export function staticPageSeo(pathname: string): StaticPageSeo | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.prototype.hasOwnProperty.call(STATIC_PAGES, path) ? STATIC_PAGES[path] : undefined;
}
