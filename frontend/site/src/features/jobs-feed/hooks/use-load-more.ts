import { useCallback, useEffect, useRef } from 'react';

/**
 * A callback ref for the feed's last card: when it scrolls into view, `onVisible` runs, as long as
 * `active` (pages remain, none in flight, paging not stopped).
 */
export function useLoadMoreRef(
  onVisible: () => void,
  active: boolean,
): (element: HTMLElement | null) => void {
  const observer = useRef<IntersectionObserver | null>(null);
  const latest = useRef({ onVisible, active });
  latest.current = { onVisible, active };
  const target = useRef<HTMLElement | null>(null);

  useEffect(() => () => observer.current?.disconnect(), []);

  // A page arriving or a load finishing can make a card already in view eligible: look again.
  useEffect(() => {
    const element = target.current;
    if (!active || !element || !observer.current) return;
    observer.current.unobserve(element);
    observer.current.observe(element);
  }, [active]);

  return useCallback((element: HTMLElement | null) => {
    target.current = element;
    if (typeof IntersectionObserver === 'undefined') return;
    observer.current ??= new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && latest.current.active) latest.current.onVisible();
    });
    observer.current.disconnect();
    if (element) observer.current.observe(element);
  }, []);
}
