import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from '../../lib/router';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { buttonClasses } from '../ui/button';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { headerLinks } from './nav-links';
import { UserAvatar } from './user-avatar';

// The dropdown (and its positioning code) is only downloaded for signed-in visitors.
const UserMenu = lazy(() => import('./user-menu'));
// Only for signed-in visitors whose e-mail is not verified (never in the server's HTML, which renders
// signed out): not part of any page's first view.
const VerifyEmailBanner = lazy(() => import('./verify-banner'));

const MOBILE_MENU_ID = 'mobile-menu';

function AuthActions() {
  const { data: user, isPending } = useUser();
  if (isPending) return <span className="h-9 w-9" aria-hidden="true" />;
  if (user) {
    return (
      <Suspense fallback={<UserAvatar user={user} />}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link to={paths.auth.getHref()} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        Log in
      </Link>
      <Link to={paths.auth.getHref('register')} className={buttonClasses({ size: 'sm' })}>
        Sign Up
      </Link>
    </div>
  );
}

export function Header() {
  const { data: user } = useUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Close the mobile menu whenever the route changes (back/forward included).
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {headerLinks.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  end
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      isActive ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden md:block">
          <AuthActions />
        </div>
        <button
          type="button"
          className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
          aria-label="Toggle menu"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="h-6 w-6" />
          ) : (
            <Menu aria-hidden="true" className="h-6 w-6" />
          )}
        </button>
      </div>
      <MobileMenu id={MOBILE_MENU_ID} open={menuOpen} user={user} onNavigate={() => setMenuOpen(false)} />
      {user && !user.isVerified && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}
    </header>
  );
}
