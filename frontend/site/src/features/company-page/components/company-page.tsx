import { ArrowLeft, Building2, Calendar, ExternalLink, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { CompanyLogo, JobCard } from '../../../components/job-card';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { getErrorStatus } from '../../../lib/api-client';
import { htmlToLines } from '@jobs/contracts/html-lines';
import { cardExcerpt } from '../../../lib/text/excerpt';
import { useCompany, useCompanyJobs, type CompanyDetails } from '../api/get-company';

const SOURCE_LABEL = {
  generated: 'AI Generated',
  company: 'From the company',
  ats: 'From a job posting',
} as const;

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        <span className="text-slate-500">{icon}</span>
        {label}
      </dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function BackToJobs() {
  return (
    <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Jobs
    </Link>
  );
}

function Profile({ company }: { company: CompanyDetails }) {
  const about = company.description ? htmlToLines(company.description.replace(/\n/g, '<br>')) : [];
  const source = company.descriptionSource ? SOURCE_LABEL[company.descriptionSource] : null;
  return (
    <Card>
      <CardContent className="space-y-6 pt-6">
        <div className="flex items-center gap-4">
          <CompanyLogo company={company.name} logo={company.logo} />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{company.name}</h1>
            <p className="text-slate-600">
              {company.industry ? `${company.industry} · ` : ''}
              {company.openJobs} open {company.openJobs === 1 ? 'job' : 'jobs'}
            </p>
          </div>
        </div>
        <section className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">About the Company</h2>
            {about.length > 0 && source && (
              <Badge variant={company.descriptionSource === 'generated' ? 'warning' : 'outline'}>
                {source}
              </Badge>
            )}
          </div>
          {about.length ? (
            about.map((line, i) => (
              <p key={i} className="leading-relaxed text-slate-700">
                {line}
              </p>
            ))
          ) : (
            <p className="text-slate-600 italic">No company description available.</p>
          )}
        </section>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact icon={<ExternalLink aria-hidden="true" className="h-4 w-4" />} label="Website">
            {company.website ? (
              <a
                href={company.website}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 hover:underline"
              >
                {company.website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}
              </a>
            ) : (
              '—'
            )}
          </Fact>
          <Fact icon={<Users aria-hidden="true" className="h-4 w-4" />} label="Company Size">
            {company.size ? `${company.size} employees` : '—'}
          </Fact>
          <Fact icon={<Calendar aria-hidden="true" className="h-4 w-4" />} label="Founded">
            {company.founded ?? '—'}
          </Fact>
          <Fact icon={<Building2 aria-hidden="true" className="h-4 w-4" />} label="Industry">
            {company.industry ?? '—'}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

function CompanyJobs({ name, displayName }: { name: string; displayName: string }) {
  const query = useCompanyJobs(name, true);
  const jobs = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="company-jobs-heading" className="space-y-4">
      <h2 id="company-jobs-heading" className="text-xl font-semibold text-slate-900">
        Open Jobs at {displayName}
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Loading jobs" className="space-y-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : query.isError && !jobs.length ? (
        <p className="text-slate-600">We could not load this company&apos;s jobs. Please try again later.</p>
      ) : jobs.length ? (
        <>
          <ul className="space-y-3" data-testid="company-jobs">
            {jobs.map((job) => (
              <li key={job.id}>
                <JobCard job={job} variant="card" headingLevel="h3" excerpt={cardExcerpt(job)} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? 'Loading more jobs...' : 'Load more jobs'}
              </Button>
            </div>
          )}
        </>
      ) : (
        <p className="text-slate-600">This company has no open jobs right now.</p>
      )}
    </section>
  );
}

export function CompanyPage({ companyName }: { companyName: string }) {
  const query = useCompany(companyName);
  const notFound = query.isError && getErrorStatus(query.error) === 404;
  // An older link by name moves to the slug (replace, as a job's numeric id does), with the answer cached.
  const slug = query.data?.slug;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!slug || slug === companyName || !query.data) return;
    queryClient.setQueryData(['/api/companies', slug], query.data);
    navigate(`/companies/${slug}`, { replace: true });
  }, [slug, companyName, query.data, queryClient, navigate]);
  useDocumentTitle(
    query.data ? `${query.data.name} Remote Jobs` : notFound ? 'Company Not Found' : companyName || 'Company',
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <Link
        to={paths.home.getHref()}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to jobs
      </Link>
      {query.isPending ? (
        <div role="status" aria-label="Loading company" className="space-y-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : query.isError ? (
        <Card>
          <CardContent className="space-y-4 pt-8 text-center">
            <h1 className="text-2xl font-bold text-slate-900">
              {notFound ? 'Company Not Found' : 'Service Temporarily Unavailable'}
            </h1>
            <p className="text-slate-700">
              {notFound
                ? 'The company you\u2019re looking for doesn\u2019t exist or has no jobs on our board.'
                : 'We could not load this company right now.'}
            </p>
            <div className="flex justify-center gap-3">
              <BackToJobs />
              {!notFound && <Button onClick={() => void query.refetch()}>Try Again</Button>}
            </div>
          </CardContent>
        </Card>
      ) : (
        <>
          <Profile company={query.data} />
          <CompanyJobs name={companyName} displayName={query.data.name} />
        </>
      )}
    </div>
  );
}
