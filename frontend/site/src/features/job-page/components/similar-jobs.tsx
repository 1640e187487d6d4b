import { JobCard } from '../../../components/job-card';
import { cardExcerpt } from '../../../lib/text/excerpt';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSimilarJobs } from '../api/get-similar-jobs';

export function SimilarJobs({ jobId }: { jobId: number }) {
  const query = useSimilarJobs(jobId);
  const jobs = query.data ?? [];
  return (
    <section aria-labelledby="similar-jobs-heading" className="space-y-4">
      <h2 id="similar-jobs-heading" className="text-xl font-semibold text-slate-900">
        Similar Jobs
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Loading similar jobs" className="space-y-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : jobs.length ? (
        <ul className="space-y-3" data-testid="similar-jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} variant="card" headingLevel="h3" excerpt={cardExcerpt(job)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No similar jobs found.</p>
      )}
    </section>
  );
}
