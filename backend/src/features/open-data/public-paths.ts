/**
 * The public read calls: anyone may call them from any site (CORS without credentials) and anonymous
 * use is rate-limited per IP. Written as the router writes them; the OpenAPI test checks each is a
 * documented route.
 */
export const PUBLIC_READ_PATHS = [
  '/api/jobs',
  '/api/jobs/count',
  '/api/jobs/:identifier',
  '/api/jobs/:identifier/similar',
  '/api/jobs/:identifier/structured',
  '/api/companies/:companyName',
  '/api/companies/:companyName/jobs',
  '/api/suggestions',
  '/api/filter-options',
  '/api/salaries',
  '/api/seo/should-noindex',
  '/api/seo/canonical',
  '/api/openapi.json',
  '/feed.xml',
  '/feed.atom',
  '/embed',
] as const;

function patternOf(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

const PATTERNS = PUBLIC_READ_PATHS.map(patternOf);

export function isPublicRead(path: string): boolean {
  return PATTERNS.some((p) => p.test(path));
}
