import { useEffect } from 'react';
import { useLocation } from '../lib/router';

/**
 * Scrolls to the element named by the URL's #hash once the page has rendered. Lazily loaded pages
 * mount after the router's own scroll handling ran, so pages with anchors call this themselves.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed %-encoding (`#%FF`) names no element as it is: look it up undecoded, never throw.
    }
    const target = document.getElementById(id);
    target?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
}
