import AdminApp from '@jobs/admin';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';

/**
 * The back office under /admin/*. The public site has its own small router (lib/router.tsx); react-admin
 * needs React Router, and outside a React Router context it would create a hash router (/admin#/jobs).
 * So this chunk, and only this chunk, carries React Router: a BrowserRouter with the same /admin URLs
 * as before (react-admin's basename '/admin'). Both routers share window.history; navigation that
 * leaves /admin ('Back to site') is handed to the site's router, which listens for popstate.
 */
export default function AdminAppRoot() {
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
