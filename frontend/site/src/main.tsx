import './lib/csp'; // before anything that loads zod
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { preparePage } from './app/router';
import { StartupErrorScreen } from './components/errors/app-error';
import { readInitialState } from './lib/initial-state';
import { queryClient } from './lib/query-client';
import './index.css';

function showStartupError(container: HTMLElement, error: unknown): void {
  console.error('The application failed to start', error);
  try {
    createRoot(container).render(<StartupErrorScreen />);
  } catch {
    // React itself is unusable: plain DOM keeps the message readable.
    container.innerHTML =
      '<div role="alert" style="font-family:system-ui;padding:4rem 1rem;text-align:center">' +
      '<h1>Application Loading Error</h1><p>Please reload the page.</p></div>';
  }
}

/**
 * `<html data-hydrated>` once React has taken the page over (hydrated the server's HTML or rendered it):
 * the page's controls answer from then on. Browser tests wait for it before they click.
 */
function HydrationMark(): null {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

function start(container: HTMLElement): void {
  const app = (
    <StrictMode>
      <App />
      <HydrationMark />
    </StrictMode>
  );
  try {
    // The server rendered the page (backend/src/http/site.ts): take it over where it stands. A page the
    // server could not render (its 500 page, `renderError` in its state) or the dev server's empty shell
    // renders from scratch.
    // Hydration in a transition: React works on it in slices of a few milliseconds and lets the browser
    // answer input in between, instead of one long task on a slow phone (the page is already painted).
    if (container.firstElementChild && !readInitialState()?.renderError)
      startTransition(() => {
        hydrateRoot(container, app);
      });
    else createRoot(container).render(app);
  } catch (error) {
    showStartupError(container, error);
  }
}

const container = document.getElementById('root');
if (container) {
  // The first page's chunk (preloaded by the HTML) and the data the server rendered it with before the
  // first render: the page hydrates (or paints) at once instead of after a skeleton. A chunk that fails or
  // lags falls back to the lazy path (a late chunk still primes the cache before React renders it).
  const wait = new Promise((resolve) => setTimeout(resolve, 3000));
  void Promise.race([preparePage(queryClient, window.location.pathname), wait])
    .catch(() => undefined)
    .then(() => start(container));
}
