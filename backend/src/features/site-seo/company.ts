/**
 * Server-rendered SEO for /companies/{companyName}: title, meta, canonical, Organization and
 * BreadcrumbList JSON-LD, 404 for an unknown company. The profile and the first page of live jobs go to
 * the client as `state.companyPage`.
 */
import type { PageRenderer, RenderedPage } from '../../http/site';
import { companyJobs, findCompany, type ApiJob, type CompanyDetails, type Page } from '../jobs/queries';
import { headTags, keywordList, plainSummary, SITE_NAME } from './head';
import { identifierOf, type SiteSeoDeps } from './job';
import { absoluteLogoUrl, breadcrumbJsonLd, companyUrl } from './json-ld';

const COMPANY_PATH = /^\/companies\/([^/]+)\/?$/;

/** What the client reads from window.__INITIAL_STATE__.companyPage. */
export type CompanyPageState =
  { name: string; status: 200; company: CompanyDetails; jobs: Page<ApiJob> } | { name: string; status: 404 };

function summary(company: CompanyDetails): string {
  const jobs = `${company.openJobs} open remote and hybrid ${company.openJobs === 1 ? 'job' : 'jobs'}`;
  const about = company.description ? ` ${company.description}` : '';
  return plainSummary(`${company.name}: ${jobs}.${about}`, 160);
}

export function companyPageRenderer(deps: SiteSeoDeps): PageRenderer {
  return async (ctx): Promise<RenderedPage | null> => {
    const name = identifierOf(ctx, COMPANY_PATH);
    if (name === null) return null;
    const company = name.trim() && name.length <= 200 ? await findCompany(deps.pool, name) : null;
    if (!company) {
      const state: CompanyPageState = { name, status: 404 };
      return {
        status: 404,
        title: `Company Not Found | ${SITE_NAME}`,
        head: '<meta name="robots" content="noindex">',
        state: { companyPage: state },
      };
    }
    // Links name the company by its slug; an older link by name (or any other spelling) moves there for good.
    if (name !== company.slug) {
      const search = ctx.querystring ? `?${ctx.querystring}` : '';
      return { redirect: { location: `/companies/${company.slug}${search}`, maxAgeSeconds: 3600 } };
    }
    const jobs = await companyJobs(deps.pool, company, 1);
    const canonical = companyUrl(deps.publicUrl, company.name);
    const logo = absoluteLogoUrl(company.logo, deps.publicUrl);
    const title = `${company.name} Remote Jobs (${company.openJobs}) | ${SITE_NAME}`;
    const organization: Record<string, unknown> = {
      '@context': 'https://schema.org/',
      '@type': 'Organization',
      name: company.name,
      url: canonical,
    };
    if (company.website) organization.sameAs = company.website;
    if (logo) organization.logo = logo;
    if (company.description) organization.description = plainSummary(company.description, 500);
    if (company.founded) organization.foundingDate = String(company.founded);
    const head = headTags({
      title,
      description: summary(company),
      keywords: keywordList([
        company.name,
        company.industry,
        'remote jobs',
        ...jobs.data.map((j) => j.title),
      ]),
      canonical,
      type: 'profile',
      image: logo,
      imageAlt: `${company.name} logo`,
      // A company with no live job is thin content; keep it reachable but out of the index.
      robots: company.openJobs > 0 ? 'index, follow' : 'noindex, follow',
      jsonLd: [
        organization,
        breadcrumbJsonLd([
          { name: 'Home', url: `${deps.publicUrl}/` },
          { name: company.name, url: canonical },
        ]),
      ],
    });
    const state: CompanyPageState = { name, status: 200, company, jobs };
    return { status: 200, title, head, state: { companyPage: state } };
  };
}
