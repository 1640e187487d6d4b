/**
 * The site rendered on the server (issue 23): Vite builds this file for Node (`vite build --ssr`, see
 * scripts/build-if-needed.ts) and backend/src/http/site.ts calls `render` for every page request, with the
 * data its page renderer (backend/src/features/site-seo) read for the same response: the same routes and
 * components as the browser, the same data (the page's initial state, which the browser then hydrates
 * from), so hydration matches and asks the API nothing again. Signed-in parts render signed out: the
 * server never asks who the visitor is (the user query stays pending, as on the browser's first render).
 */
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadPage } from './app/router';
import { MainLayout } from './components/layouts/main-layout';
import { RenderErrorFallback } from './components/errors';
import { queryConfig } from './lib/query-client';
import { withInitialState, type InitialState } from './lib/initial-state';

/**
 * A client per render, dropped with it: no garbage-collection timers (gcTime Infinity is TanStack's
 * server default), no retries, nothing fetched (queries without initial data stay pending, as on the
 * browser's first render).
 */
function serverQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, gcTime: Infinity, retry: false } },
  });
}

function shell(url: string, children: ReactNode, queryClient = serverQueryClient()): ReactNode {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={url}>{children}</StaticRouter>
      </AppProvider>
    </StrictMode>
  );
}

/**
 * The HTML inside <div id="root"> for `url` (path and query), rendered with `state` (what the page will
 * carry as window.__INITIAL_STATE__). Throws when a page cannot render: the server answers its 500 page.
 */
export async function render(url: string, state: InitialState | undefined): Promise<string> {
  const pathname = url.split('?')[0] ?? '/';
  // Every page's chunk is in before rendering: a lazy page would otherwise render its skeleton.
  const page = await preloadPage(pathname);
  // And the lazy parts the page renders with this state (the browser loads the same before hydrating).
  await page?.parts?.(state, pathname);
  return withInitialState(state, () => {
    const queryClient = serverQueryClient();
    // The data the page renders with, as the browser will prime it before hydrating (app/router.tsx).
    page?.prime?.(queryClient, pathname);
    return renderToString(shell(url, <AppRoutes />, queryClient));
  });
}

/** The 500 page: the site's header and footer around 'Something went wrong'. */
export function renderError(url: string): string {
  return withInitialState(undefined, () =>
    renderToString(
      shell(
        url,
        <MainLayout>
          <RenderErrorFallback />
        </MainLayout>,
      ),
    ),
  );
}
