import AdminApp from '@jobs/admin';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useInRouterContext, useLocation } from 'react-router-dom';

/**
 * The back office under /admin/*. In a production build this file and react-admin use the router
 * package's default build while the rest of the site uses its production build (vite.config.ts), so the
 * home route does not carry the data-router engine react-admin needs. Two router modules mean two router
 * contexts: react-admin then runs in a router of its own copy, and hands navigation that leaves /admin
 * ('Back to site') to the site's router, which listens for popstate. In the dev server and in unit tests
 * there is one copy, and the site's router already holds react-admin.
 */
export default function AdminAppRoot() {
  if (useInRouterContext()) return <AdminApp />;
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
      <HandBackToSite />
    </BrowserRouter>
  );
}

function HandBackToSite() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!/^\/admin(\/|$)/.test(pathname))
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, [pathname]);
  return null;
}
