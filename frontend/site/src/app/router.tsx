import { isValidElement, lazy, Suspense } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary, RenderErrorFallback } from '../components/errors';
import { AccessDenied, AdminRoute, ProtectedRoute } from '../components/guards';
import { MainLayout } from '../components/layouts/main-layout';
import { CenteredSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { lazyPage, type LazyPage } from '../lib/lazy-page';

// Declarative routing (BrowserRouter + useRoutes) rather than a data router: we use no loaders or actions,
// and it keeps ~18 KB gzip of router engine off the home route. Errors and scrolling live in MainLayout.
// Every page is its own chunk so the home route downloads only what it needs.
// The pages the server renders SEO for (and so most often the first page of a visit) can be preloaded
// before the first render (preloadPage, main.tsx), so they paint without a Suspense fallback.
const Home = lazyPage(() => import('./routes/home'));
const Job = lazyPage(() => import('./routes/job'));
const Company = lazyPage(() => import('./routes/company'));
const Auth = lazyPage(() => import('./routes/auth'));
const VerifyEmail = lazyPage(() => import('./routes/verify-email'));
const Profile = lazyPage(() => import('./routes/profile'));
// The back office (react-admin and MUI) is its own chunk, fetched only once an admin opens /admin.
const AdminApp = lazy(() => import('./admin-app'));
const Countries = lazyPage(() => import('./routes/countries'));
const Resources = lazyPage(() => import('./routes/resources'));
const JobTypes = lazyPage(() => import('./routes/job-types'));
const Categories = lazyPage(() => import('./routes/categories'));
const SoftwareEngineering = lazyPage(() => import('./routes/categories/software-engineering'));
const DataScience = lazyPage(() => import('./routes/categories/data-science'));
const About = lazyPage(() => import('./routes/about'));
const Contact = lazyPage(() => import('./routes/contact'));
const Privacy = lazyPage(() => import('./routes/privacy'));
const Developers = lazyPage(() => import('./routes/developers'));
const NotFound = lazyPage(() => import('./routes/not-found'));

/** The route table of spec section 2. Exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      {
        children: [
          { path: paths.home.path, element: <Home /> },
          { path: paths.job.path, element: <Job /> },
          { path: paths.company.path, element: <Company /> },
          { path: paths.auth.path, element: <Auth /> },
          { path: paths.verifyEmail.path, element: <VerifyEmail /> },
          {
            element: <ProtectedRoute />,
            children: [{ path: paths.profile.path, element: <Profile /> }],
          },
          { path: paths.countries.path, element: <Countries /> },
          { path: paths.resources.path, element: <Resources /> },
          { path: paths.jobTypes.path, element: <JobTypes /> },
          { path: paths.categories.path, element: <Categories /> },
          { path: paths.softwareEngineering.path, element: <SoftwareEngineering /> },
          { path: paths.dataScience.path, element: <DataScience /> },
          { path: paths.about.path, element: <About /> },
          { path: paths.contact.path, element: <Contact /> },
          { path: paths.privacy.path, element: <Privacy /> },
          { path: paths.developers.path, element: <Developers /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
  // Every other /admin page is the react-admin app, outside MainLayout: it has its own layout, and
  // MainLayout's per-path error boundary would remount it on each navigation.
  {
    path: `${paths.admin.root.path}/*`,
    element: (
      <ProtectedRoute>
        {/* Non-admins get Access Denied with the site's header and footer, like every other page. */}
        <AdminRoute
          denied={
            <MainLayout>
              <AccessDenied />
            </MainLayout>
          }
        >
          <ErrorBoundary fallback={<RenderErrorFallback />}>
            <Suspense fallback={<CenteredSpinner />}>
              <AdminApp />
            </Suspense>
          </ErrorBoundary>
        </AdminRoute>
      </ProtectedRoute>
    ),
  },
];

/**
 * Loads the chunk of the page at `pathname` when it is a preloadable one; resolves when it is in. The
 * server renders every page (entry-server.tsx), so every page of the site is preloadable; the back
 * office is not (its chunk is the one that must stay out of the public pages).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
    isValidElement(route.element) ? (route.element.type as Partial<LazyPage<object>>).preload?.() : undefined,
  );
  return Promise.all(pages);
}

export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
