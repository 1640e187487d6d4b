import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../lib/router';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/auth';
import { CenteredSpinner } from '../ui/spinner';

/** Sign-in required: a centred spinner while the session loads, /auth when nobody is signed in. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <CenteredSpinner />;
  if (!user) return <Navigate to={paths.auth.getHref()} replace state={{ from: location }} />;
  return <>{children}</>;
}
