import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { rememberJob, useJob } from '../api/get-job';
import { lazyPage } from '../../../lib/lazy-page';
import { goneSlug, jobErrorKind } from '../lib/job-error-kind';
import { JobPageSkeleton } from './job-page-skeleton';
import { JobView } from './job-view';

/**
 * The error screens load only when shown (issue 23); a job page the server rendered as an error loads them
 * before rendering and hydrating (`parts` in app/routes/job.tsx).
 */
export const JobError = lazyPage(() => import('./job-error'));

const NUMERIC_ID = /^[0-9]+$/;

const ERROR_TITLES = {
  gone: 'Job No Longer Available',
  unavailable: 'Service Temporarily Unavailable',
  'not-found': 'Job Not Found',
} as const;

/** /jobs/{identifier}: a numeric id is replaced (not pushed) by the slug once the job is known. */
export function JobPage({ identifier }: { identifier: string }) {
  const query = useJob(identifier);
  const job = query.data;
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  // A removed job moves to its slug too: the 410 carries it.
  const slug = job?.slug ?? (query.isError ? goneSlug(query.error) : undefined);
  const slugTarget = NUMERIC_ID.test(identifier) && slug && slug !== identifier ? slug : null;
  useEffect(() => {
    if (!slugTarget) return;
    if (job) rememberJob(queryClient, slugTarget, job);
    navigate(`${paths.job.getHref(slugTarget)}${location.search}${location.hash}`, { replace: true });
  }, [slugTarget, job, queryClient, navigate, location.search, location.hash]);

  const title = job
    ? `${job.title} at ${job.company}`
    : query.isError
      ? ERROR_TITLES[jobErrorKind(query.error)]
      : 'Job details';
  useDocumentTitle(title);

  if (query.isPending) return <JobPageSkeleton />;
  if (query.isError) {
    return (
      <Suspense fallback={<JobPageSkeleton />}>
        <JobError
          error={query.error}
          identifier={identifier}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </Suspense>
    );
  }
  return <JobView job={query.data} />;
}
