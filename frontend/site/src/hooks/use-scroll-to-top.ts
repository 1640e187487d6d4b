import { useEffect } from 'react';
import { useLocation } from '../lib/router';

/** A new page starts at the top, unless the URL names an anchor (useScrollToHash handles those). */
export function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo?.(0, 0);
    // Only a change of page should scroll, not a change of hash or query.
  }, [pathname]);
}
