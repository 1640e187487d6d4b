import type { Feature } from '../http/app';
import { adminFeature } from './admin/routes';
import { authFeature } from './auth/routes';
import { ingestionFeature } from './ingestion/routes';
import { jobsFeature } from './jobs/routes';
import { duplicatesFeature } from './jobs/dedupe/routes';
import { seoFeature } from './seo/routes';
import { sitemapFeature } from './site-seo/sitemap';
import { alertsFeature } from './alerts/routes';
import { savedSearchesFeature } from './saved-searches/routes';
import { openDataFeature } from './open-data/routes';
import { atsFeature } from './ats/routes';
import { reportsFeature } from './reports/routes';
import { searchReportFeature } from './admin/search-report';
import { mcpFeature } from './mcp/routes';
import { PUBLIC_LIMITS, type PublicLimits } from './open-data/public-api';

/**
 * Every feature's HTTP routes, in registration order. A new feature adds one line here.
 */
export function allFeatures(options: { publicApiLimit?: number } = {}): Feature[] {
  const limits: PublicLimits =
    options.publicApiLimit === undefined
      ? PUBLIC_LIMITS
      : { ...PUBLIC_LIMITS, anonymous: options.publicApiLimit, site: options.publicApiLimit * 10 };
  // open-data first: its CORS and public rate-limit middleware runs before the routes registered after it.
  return [
    openDataFeature({ limits }),
    authFeature(),
    ingestionFeature(),
    // Before jobs: a merged duplicate's page and API answer 301 to the job shown instead.
    duplicatesFeature(),
    jobsFeature(),
    searchReportFeature(),
    seoFeature(),
    sitemapFeature(),
    alertsFeature(),
    savedSearchesFeature(),
    adminFeature(),
    atsFeature(),
    reportsFeature(),
    mcpFeature(),
  ];
}
