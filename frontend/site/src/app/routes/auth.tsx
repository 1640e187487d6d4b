import { Link, useLocation, useNavigate, type Location } from '../../lib/router';
import { buttonClasses } from '../../components/ui/button';
import { CenteredSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { AuthTabs } from '../../features/auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useUser } from '../../lib/auth';

/** Where the route guard sent the visitor from (ProtectedRoute passes {from: location}), else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.auth.path) return paths.home.getHref();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export default function AuthRoute() {
  useDocumentTitle('Sign in');
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user, isPending } = useUser();
  const after = returnPath(location.state);

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">
        Sign in or create an account
      </h1>
      {isPending ? (
        <CenteredSpinner />
      ) : user ? (
        // Reached while signed in (a bookmark, the back button): say so rather than offer a second sign-in.
        <div className="flex flex-col items-center gap-4 text-center">
          <p className="text-slate-700">
            You are signed in as <strong>{user.username}</strong>.
          </p>
          <Link to={after} className={buttonClasses()}>
            Continue
          </Link>
        </div>
      ) : (
        <AuthTabs
          onLoggedIn={() => navigate(after, { replace: true })}
          onRegistered={() => navigate(paths.verifyEmail.getHref(), { replace: true })}
        />
      )}
    </div>
  );
}
