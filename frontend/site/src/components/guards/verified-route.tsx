import { MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/auth';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { buttonClasses } from '../ui/button';
import { CenteredSpinner } from '../ui/spinner';

export function VerificationRequired() {
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Alert variant="destructive">
        <div className="flex gap-3">
          <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <AlertTitle>Email Verification Required</AlertTitle>
            <AlertDescription>
              <p>You need to verify your email address before accessing this feature.</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Link to={paths.verifyEmail.getHref()} className={buttonClasses({ variant: 'destructive' })}>
                  Verify Email Now
                </Link>
                <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline' })}>
                  Return to Home
                </Link>
              </div>
            </AlertDescription>
          </div>
        </div>
      </Alert>
    </div>
  );
}

/** Verified e-mail required. Place it inside ProtectedRoute, which handles the signed-out case. */
export function VerifiedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <CenteredSpinner />;
  if (!user?.isVerified) return <VerificationRequired />;
  return <>{children}</>;
}
