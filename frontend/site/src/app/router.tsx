import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ProtectedRoute } from '../components/guards/protected-route';
import { MainLayout } from '../components/layouts/main-layout';
import { CenteredSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { readInitialState } from '../lib/initial-state';
import { lazyPage, type LazyPage, type PageModule } from '../lib/lazy-page';
import { BrowserRouter, matchPath, ParamsProvider, useLocation, type Params } from '../lib/router';

// The site's own small router (lib/router.tsx): no loaders or actions, one flat table. Errors and
// scrolling live in MainLayout. Every page is its own chunk so the home route downloads only what it needs.
// The pages the server renders SEO for (and so most often the first page of a visit) can be preloaded
// before the first render (preloadPage, main.tsx), so they paint without a Suspense fallback.
const Home = lazyPage(() => import('./routes/home'));
const Job = lazyPage(() => import('./routes/job'));
const Company = lazyPage(() => import('./routes/company'));
const Auth = lazyPage(() => import('./routes/auth'));
const VerifyEmail = lazyPage(() => import('./routes/verify-email'));
const Profile = lazyPage(() => import('./routes/profile'));
// The admin check, Access Denied and the back office (react-admin and MUI, a chunk of its own) are fetched
// only once a signed-in visitor opens /admin (app/admin-pages.tsx).
const AdminGate = lazy(() => import('./admin-pages'));
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

export interface PageRoute {
  path: string;
  page: LazyPage<object>;
  /** Sign-in required (ProtectedRoute). */
  signedIn?: boolean;
}

/** The pages of spec section 2 inside the site's header and footer; the first that matches renders. */
export const pageRoutes: readonly PageRoute[] = [
  { path: paths.home.path, page: Home },
  { path: paths.job.path, page: Job },
  { path: paths.company.path, page: Company },
  { path: paths.auth.path, page: Auth },
  { path: paths.verifyEmail.path, page: VerifyEmail },
  { path: paths.profile.path, page: Profile, signedIn: true },
  { path: paths.countries.path, page: Countries },
  { path: paths.resources.path, page: Resources },
  { path: paths.jobTypes.path, page: JobTypes },
  { path: paths.categories.path, page: Categories },
  { path: paths.softwareEngineering.path, page: SoftwareEngineering },
  { path: paths.dataScience.path, page: DataScience },
  { path: paths.about.path, page: About },
  { path: paths.contact.path, page: Contact },
  { path: paths.privacy.path, page: Privacy },
  { path: paths.developers.path, page: Developers },
  { path: '*', page: NotFound },
];

/** Every other /admin page is the react-admin app, outside MainLayout (it has its own layout). */
const ADMIN_PATH = `${paths.admin.root.path}/*`;

export function matchPage(pathname: string): { route: PageRoute; params: Params } {
  for (const route of pageRoutes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  throw new Error('unreachable: the table ends with *');
}

/**
 * Loads the chunk of the page at `pathname`; resolves when it is in. The server renders every page
 * (entry-server.tsx), so every page of the site is preloadable; the back office is not (its chunk is the
 * one that must stay out of the public pages).
 */
export function preloadPage(pathname: string): Promise<PageModule<object> | undefined> {
  if (matchPath(ADMIN_PATH, pathname)) return Promise.resolve(undefined);
  return matchPage(pathname).route.page.preload();
}

/**
 * The page at `pathname` loaded, with the data the server rendered it with (window.__INITIAL_STATE__) put
 * into the query cache: by entry-server.tsx before rendering, by main.tsx before hydrating. The two
 * renders then see the same data (hydration matches) and the browser asks the API nothing it already
 * shows: TanStack's dehydrate/hydrate, with the page's own smaller state. Each page module brings its own
 * `prime` (job, company), so no page carries another's; the home feed reads its state as the queries'
 * initialData (features/jobs-feed/initial-state.ts).
 */
export async function preparePage(queryClient: QueryClient, pathname: string): Promise<void> {
  const page = await preloadPage(pathname);
  await page?.parts?.(readInitialState(), pathname);
  page?.prime?.(queryClient, pathname);
}

function AdminPages(): ReactNode {
  return (
    <ProtectedRoute>
      <Suspense fallback={<CenteredSpinner />}>
        <AdminGate />
      </Suspense>
    </ProtectedRoute>
  );
}

/** The page at the current URL, in MainLayout (or the back office under /admin). */
export function AppRoutes() {
  const { pathname } = useLocation();
  if (matchPath(ADMIN_PATH, pathname)) return <AdminPages />;
  const { route, params } = matchPage(pathname);
  const Page = route.page;
  return (
    <MainLayout>
      <ParamsProvider value={params}>
        {route.signedIn ? (
          <ProtectedRoute>
            <Page />
          </ProtectedRoute>
        ) : (
          <Page />
        )}
      </ParamsProvider>
    </MainLayout>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
