import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import { isAdmin, useUser } from '../../lib/auth';
import { buttonClasses } from '../ui/button';
import { CenteredSpinner } from '../ui/spinner';

export function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="mb-4 h-12 w-12 text-red-600" />
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="mb-6 text-slate-600">
        You do not have permission to access this page. Admin privileges are required.
      </p>
      <Link to={paths.home.getHref()} className={buttonClasses()}>
        Return to Home
      </Link>
    </div>
  );
}

/** Admin only (role 'admin'). Place it inside ProtectedRoute, which handles the signed-out case. */
export function AdminRoute({ children, denied }: { children: ReactNode; denied?: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <CenteredSpinner />;
  if (!isAdmin(user)) return <>{denied ?? <AccessDenied />}</>;
  return <>{children}</>;
}
