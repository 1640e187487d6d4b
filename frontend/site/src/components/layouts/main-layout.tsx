import { Suspense, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { useScrollToTop } from '../../hooks/use-scroll-to-top';
import { ErrorBoundary } from '../errors/error-boundary';
import { RenderErrorFallback } from '../errors/render-error';
import { Footer } from './footer';
import { Header } from './header';
import { PageSkeleton } from './page-skeleton';

/** Header, the current page (lazily loaded, skeleton meanwhile) and footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useScrollToTop();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and a lazy page replacing its skeleton shifts nothing (CLS). */}
      <main id="main-content" className="min-h-screen flex-1">
        {/* A page that throws, or whose chunk fails to load, keeps the header and footer; keyed by path so
            navigating away clears the error. */}
        <ErrorBoundary key={pathname} fallback={<RenderErrorFallback />}>
          <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
