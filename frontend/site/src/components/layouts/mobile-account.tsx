import { paths } from '../../config/paths';
import { isAdmin } from '../../lib/auth';
import { useLogout } from '../../lib/logout';
import { Link } from '../../lib/router';
import type { User } from '../../types/api';
import { mobileLinkClasses as linkClasses } from './nav-links';

/** The mobile menu's account part for a signed-in visitor: who, profile, back office, log out. */
export default function MobileAccount({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const logout = useLogout();
  return (
    <div className="space-y-1">
      <p className="px-3 text-sm font-medium text-slate-900">{user.username}</p>
      <p className="px-3 pb-2 text-xs text-slate-600">{user.email}</p>
      <Link to={paths.profile.getHref()} className={linkClasses} onClick={onNavigate}>
        Profile
      </Link>
      {isAdmin(user) && (
        <Link to={paths.admin.root.getHref()} className={linkClasses} onClick={onNavigate}>
          Admin Dashboard
        </Link>
      )}
      <button
        type="button"
        className={`${linkClasses} w-full text-left`}
        disabled={logout.isPending}
        onClick={() => {
          logout.mutate();
          onNavigate();
        }}
      >
        Log out
      </button>
    </div>
  );
}
