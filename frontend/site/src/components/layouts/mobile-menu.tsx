import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import { isAdmin, useLogout } from '../../lib/auth';
import type { User } from '../../types/api';
import { buttonClasses } from '../ui/button';
import { headerLinks } from './nav-links';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  user: User | null | undefined;
  onNavigate: () => void;
}

const linkClasses =
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/** The small-screen menu: the header links plus the account actions. */
export function MobileMenu({ id, open, user, onNavigate }: MobileMenuProps) {
  const logout = useLogout();
  return (
    <nav id={id} hidden={!open} aria-label="Mobile" className="border-t border-slate-200 bg-white md:hidden">
      <ul className="space-y-1 px-4 py-3">
        {headerLinks.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={linkClasses} onClick={onNavigate}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="border-t border-slate-200 px-4 py-3">
        {user ? (
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
        ) : (
          <div className="flex gap-3">
            <Link
              to={paths.auth.getHref()}
              className={buttonClasses({ variant: 'outline', className: 'flex-1' })}
              onClick={onNavigate}
            >
              Log in
            </Link>
            <Link
              to={paths.auth.getHref('register')}
              className={buttonClasses({ className: 'flex-1' })}
              onClick={onNavigate}
            >
              Sign Up
            </Link>
          </div>
        )}
      </div>
    </nav>
  );
}
