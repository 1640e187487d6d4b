import { useEffect, useRef } from 'react';
import { useLocation } from '../../../lib/router';

const SETTLE_MS = 600;

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const element = create();
  document.head.appendChild(element);
  return element;
}

function setCanonical(href: string) {
  headElement('link[rel="canonical"]', () =>
    Object.assign(document.createElement('link'), { rel: 'canonical' }),
  ).href = href;
  const ogUrl = document.head.querySelector<HTMLMetaElement>('meta[property="og:url"]');
  if (ogUrl) ogUrl.content = href;
}

function setRobots(noIndex: boolean) {
  headElement('meta[name="robots"]', () =>
    Object.assign(document.createElement('meta'), { name: 'robots' }),
  ).content = noIndex ? 'noindex, nofollow' : 'index, follow';
}

/**
 * Keeps the canonical link and robots meta in step when the filters change in the browser (the server
 * wrote them for the URL the page was loaded with). Waits until the URL and result count settle.
 */
export function useHomeSeo(resultCount: number | undefined) {
  const location = useLocation();
  const rendered = useRef(`${location.pathname}${location.search}|${resultCount ?? ''}`);

  useEffect(() => {
    if (resultCount === undefined) return;
    const key = `${location.pathname}${location.search}|${resultCount}`;
    if (key === rendered.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      rendered.current = key;
      const url = `${location.pathname}${location.search}`;
      // Only once the filters changed in the browser: the first view does not carry these fetchers.
      void import('../api/get-seo').then(({ fetchCanonical, fetchShouldNoIndex }) => {
        fetchCanonical(location.pathname, location.search, controller.signal)
          .then(setCanonical)
          .catch(() => undefined);
        fetchShouldNoIndex({ url, hasResults: resultCount > 0, resultCount }, controller.signal)
          .then(setRobots)
          .catch(() => undefined);
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [location.pathname, location.search, resultCount]);
}
