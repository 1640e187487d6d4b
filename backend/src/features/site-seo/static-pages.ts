/**
 * Server-rendered head of the site's written pages (about, contact, privacy, categories and their guides,
 * countries, job types, resources, developers): their own title and meta description, canonical, Open Graph
 * and Twitter tags in the first HTML instead of the template's generic ones (issue 23). The texts live with
 * the site (frontend/site/src/config/static-pages.ts).
 */
import type { PageRenderer } from '../../http/site';
import { canonicalUrl } from '../seo/rules';
import { staticPageSeo } from '@jobs/site/ts/config/static-pages';
import { headTags, keywordList, SITE_NAME } from './head';

export function staticPagesRenderer(deps: { publicUrl: string }): PageRenderer {
  return async (ctx) => {
    const seo = staticPageSeo(ctx.path);
    if (!seo) return null;
    const title = `${seo.title} | ${SITE_NAME}`;
    return {
      title,
      head: headTags({
        title,
        description: seo.description,
        keywords: keywordList(['remote jobs', seo.title]),
        canonical: canonicalUrl(deps.publicUrl, ctx.path, ''),
      }),
    };
  };
}
