import { useEffect, useRef } from 'react';
import { reportSearch } from '../api/report-search';
import type { JobsQuery } from '../filters';

/** How long a search's results stay on screen before it counts as what the visitor searched for. */
export const SEARCH_SETTLE_MS = 3000;

/**
 * Reports the search the visitor settled on to the admin's analytics: the feed fetches at every keystroke
 * ('e', 'en', 'eng' …), and only the term whose results stayed on screen SEARCH_SETTLE_MS is counted. A term is
 * reported once per page view (the server also counts each address once per term and day).
 */
export function useSearchReport(query: JobsQuery, resultsShown: boolean): void {
  const reported = useRef(new Set<string>());
  const key = JSON.stringify(query);
  useEffect(() => {
    const current = JSON.parse(key) as JobsQuery;
    const term = current.title?.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!resultsShown || !term || reported.current.has(term)) return;
    const timer = setTimeout(() => {
      reported.current.add(term);
      reportSearch(current);
    }, SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, resultsShown]);
}
