import { AlertCircle, ArrowLeft, Info, RefreshCw } from 'lucide-react';
import { Link } from '../../../lib/router';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { feedHref, paths } from '../../../config/paths';
import { errorBody, jobErrorKind } from '../lib/job-error-kind';
import { goneTitle } from '../api/initial-state';
import { formatDate } from '../lib/format';

function BackToJobs() {
  return (
    <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Jobs
    </Link>
  );
}

export interface JobErrorProps {
  error: unknown;
  identifier: string;
  retrying: boolean;
  onRetry: () => void;
}

/** A job the server or the API could not show (spec section 2); a lazy part of the job page (job-page.tsx). */
export default function JobError({ error, identifier, retrying, onRetry }: JobErrorProps) {
  const kind = jobErrorKind(error);
  const { reason, removedAt } = errorBody(error);
  const removedOn = formatDate(removedAt);
  const title = goneTitle(identifier);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <Card>
        <CardContent className="space-y-5 pt-8 text-center">
          <AlertCircle aria-hidden="true" className="mx-auto h-12 w-12 text-slate-400" />
          {kind === 'gone' && (
            <>
              <h1 className="text-2xl font-bold text-slate-900">Job No Longer Available</h1>
              <p className="text-slate-700" data-testid="gone-text">
                This job has been removed or has expired.
                {reason ? ` Reason: ${reason}` : ''}
                {removedOn ? ` (Removed on ${removedOn})` : ''}
              </p>
              <Alert variant="info" className="text-left">
                <AlertDescription className="flex gap-2">
                  <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  <span>
                    Looking for something like it?{' '}
                    <Link
                      className="font-medium underline"
                      to={title ? feedHref({ title }) : paths.home.getHref()}
                    >
                      {title
                        ? `Browse live jobs like “${title}”`
                        : 'Browse similar live jobs on the job board'}
                    </Link>
                    .
                  </span>
                </AlertDescription>
              </Alert>
            </>
          )}
          {kind === 'unavailable' && (
            <>
              <h1 className="text-2xl font-bold text-slate-900">Service Temporarily Unavailable</h1>
              <p className="text-slate-700">
                We could not load this job right now. Please try again in a moment.
              </p>
            </>
          )}
          {kind === 'not-found' && (
            <>
              <h1 className="text-2xl font-bold text-slate-900">Job Not Found</h1>
              <p className="text-slate-700">
                The job you&apos;re looking for doesn&apos;t exist or has been removed.
              </p>
            </>
          )}
          <div className="flex flex-wrap justify-center gap-3">
            <BackToJobs />
            {kind === 'unavailable' && (
              <Button onClick={onRetry} disabled={retrying}>
                <RefreshCw aria-hidden="true" className={retrying ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
                Try Again
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
