import { lazy, Suspense } from 'react';
import { ErrorBoundary, RenderErrorFallback } from '../components/errors';
import { AccessDenied, AdminRoute } from '../components/guards/admin-route';
import { MainLayout } from '../components/layouts/main-layout';
import { CenteredSpinner } from '../components/ui/spinner';

// The back office (react-admin and MUI) is its own chunk, fetched only once an admin opens /admin.
const AdminApp = lazy(() => import('./admin-app'));

/**
 * /admin for a signed-in visitor (app/router.tsx loads this chunk inside ProtectedRoute): the admin check
 * and Access Denied screen load only there, not with every public page (issue 23).
 */
export default function AdminPages() {
  return (
    // Non-admins get Access Denied with the site's header and footer, like every other page.
    <AdminRoute
      denied={
        <MainLayout>
          <AccessDenied />
        </MainLayout>
      }
    >
      {/* MainLayout's per-path error boundary would remount the back office on each navigation. */}
      <ErrorBoundary fallback={<RenderErrorFallback />}>
        <Suspense fallback={<CenteredSpinner />}>
          <AdminApp />
        </Suspense>
      </ErrorBoundary>
    </AdminRoute>
  );
}
