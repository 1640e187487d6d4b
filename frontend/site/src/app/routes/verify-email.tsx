import { CircleCheck, Mail } from 'lucide-react';
import { Link, Navigate, useLocation } from '../../lib/router';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { CenteredSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { VerifyEmailForm } from '../../features/auth';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useUser } from '../../lib/auth';

export default function VerifyEmailRoute() {
  useDocumentTitle('Verify your email');
  const { data: user, isPending } = useUser();
  const location = useLocation();

  if (isPending) return <CenteredSpinner />;
  // Only a signed-in user has a code to enter; after signing in they come back here.
  if (!user) return <Navigate to={paths.auth.getHref()} replace state={{ from: location }} />;

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:px-6">
      <Card>
        {user.isVerified ? (
          <CardHeader className="items-center text-center">
            <CircleCheck aria-hidden="true" className="h-12 w-12 text-green-700" />
            <h1 className="text-2xl font-bold text-slate-900">Your email is verified</h1>
            <CardDescription>{user.email} is confirmed. Every feature is open to you.</CardDescription>
            <Link to={paths.home.getHref()} className={buttonClasses({ className: 'mt-4' })}>
              Go to the job feed
            </Link>
          </CardHeader>
        ) : (
          <>
            <CardHeader className="items-center text-center">
              <Mail aria-hidden="true" className="h-10 w-10 text-brand-700" />
              <h1 className="text-2xl font-bold text-slate-900">Verify your email</h1>
              <CardDescription>
                We sent a 6-digit code to <strong>{user.email}</strong>. It is valid for 15 minutes.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <VerifyEmailForm />
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
