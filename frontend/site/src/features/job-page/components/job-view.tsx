import { ArrowLeft } from 'lucide-react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import type { Job } from '../api/get-job';
import { JobHeader } from './job-header';
import { JobSidebar } from './job-sidebar';
import { JobTabs } from './job-tabs';
import { SimilarJobs } from './similar-jobs';

export function JobView({ job }: { job: Job }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <Link
        to={paths.home.getHref()}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to jobs
      </Link>
      <nav aria-label="Breadcrumb" className="mt-3 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={paths.home.getHref()} className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={paths.company.getHref(job.company)} className="hover:underline">
              {job.company}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-medium text-slate-900">
            {job.title}
          </li>
        </ol>
      </nav>
      <JobHeader job={job} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <JobTabs job={job} />
          <SimilarJobs jobId={job.id} />
        </div>
        <JobSidebar job={job} />
      </div>
    </div>
  );
}
