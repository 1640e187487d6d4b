import { fetchCanonical, fetchShouldNoIndex } from '../api/get-seo';

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

/** The canonical link and robots meta for the feed at `url` (use-home-seo.ts loads this when filters change). */
export function updateHomeSeo(
  pathname: string,
  search: string,
  url: string,
  resultCount: number,
  signal: AbortSignal,
): void {
  fetchCanonical(pathname, search, signal)
    .then(setCanonical)
    .catch(() => undefined);
  fetchShouldNoIndex({ url, hasResults: resultCount > 0, resultCount }, signal)
    .then(setRobots)
    .catch(() => undefined);
}
