import { lazy, Suspense } from 'react';
import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import type { User } from '../../types/api';
import { buttonClasses } from '../ui/button';
import { headerLinks, mobileLinkClasses } from './nav-links';

export interface MobileMenuProps {
  id: string;
  open: boolean;
  user: User | null | undefined;
  onNavigate: () => void;
}

const linkClasses = mobileLinkClasses;
const MobileAccount = lazy(() => import('./mobile-account'));

/** The small-screen menu: the header links plus the account actions. */
export function MobileMenu({ id, open, user, onNavigate }: MobileMenuProps) {
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
          // Only signed-in visitors download this part (and the logout mutation it carries).
          <Suspense fallback={null}>
            <MobileAccount user={user} onNavigate={onNavigate} />
          </Suspense>
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
