import { useEffect } from 'react';
import { Rss } from 'lucide-react';
import { feedPath } from '@jobs/contracts/open-data';
import type { FeedFilters, SortKey } from '../filters';

/**
 * The RSS feed of the search on screen: a visible link, and the head's alternate links kept in step
 * (the server writes them for the URL the page was loaded with: backend/src/features/site-seo/home.ts).
 */
export function RssLink({ filters, sort }: { filters: FeedFilters; sort: SortKey }) {
  const [sortBy, sortOrder] = sort.split(':');
  const search = { ...filters, sortBy, sortOrder };
  const rss = feedPath('rss', search);
  const atom = feedPath('atom', search);

  useEffect(() => {
    for (const [type, href] of [
      ['application/rss+xml', rss],
      ['application/atom+xml', atom],
    ] as const) {
      let link = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][type="${type}"]`);
      if (!link) {
        link = Object.assign(document.createElement('link'), { rel: 'alternate', type });
        document.head.appendChild(link);
      }
      link.href = new URL(href, window.location.origin).href;
    }
  }, [rss, atom]);

  return (
    <a
      href={rss}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-orange-700 hover:bg-orange-50 hover:text-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      title="RSS feed of this search"
    >
      <Rss aria-hidden="true" className="h-4 w-4" />
      RSS
    </a>
  );
}
