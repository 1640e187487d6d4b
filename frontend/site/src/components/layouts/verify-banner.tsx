import { MailWarning } from 'lucide-react';
import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import { buttonClasses } from '../ui/button';

/** Shown under the header to signed-in users whose isVerified is false. */
export default function VerifyEmailBanner() {
  return (
    <div className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 sm:px-6 lg:px-8">
        <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
          <MailWarning aria-hidden="true" className="h-4 w-4" />
          Please verify your email to access all features
        </p>
        <Link to={paths.verifyEmail.getHref()} className={buttonClasses({ size: 'sm', variant: 'warning' })}>
          Verify Email
        </Link>
      </div>
    </div>
  );
}
