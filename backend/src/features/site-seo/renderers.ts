import type { PageRenderer } from '../../http/site';
import { companyPageRenderer } from './company';
import { jobPageRenderer, type SiteSeoDeps } from './job';

/** The job and company page renderers (server-side SEO and initial state). */
export function jobAndCompanyRenderers(deps: SiteSeoDeps): PageRenderer[] {
  return [jobPageRenderer(deps), companyPageRenderer(deps)];
}
