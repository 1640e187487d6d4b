import { useEffect } from 'react';
import { pageTitle } from '../config/site';

/** Sets document.title to '{page} | RemoteJobs' (or the site title) while the page is shown. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
