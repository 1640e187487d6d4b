import { useEffect, useRef } from 'react';
import { useLocation } from '../../../lib/router';

const SETTLE_MS = 600;

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
      // Only once the filters changed in the browser: the first view does not carry this code.
      void import('./home-seo-update').then(({ updateHomeSeo }) =>
        updateHomeSeo(location.pathname, location.search, url, resultCount, controller.signal),
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [location.pathname, location.search, resultCount]);
}
