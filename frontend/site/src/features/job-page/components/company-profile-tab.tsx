import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { CompanyLogo } from '../../../components/job-card';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { htmlToLines } from '@jobs/contracts/html-lines';
import type { Job } from '../api/get-job';
import { useJobCompany, type CompanyDetails } from '../api/get-company';

/** Where the About text came from: only machine-written text gets the 'AI Generated' badge. */
function SourceBadge({ source }: { source: CompanyDetails['descriptionSource'] }) {
  if (source === 'generated') return <Badge variant="warning">AI Generated</Badge>;
  if (source === 'company') return <Badge variant="outline">From the company</Badge>;
  if (source === 'ats') return <Badge variant="outline">From the job posting</Badge>;
  return null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The Company Profile tab. Rendered hidden while the Job Details tab is shown: it then uses the company the
 * server primed (job page's initial state) and fetches it only once the tab is opened (`active`), so a
 * client-side navigation to a job asks for nothing more than before.
 */
export function CompanyProfileTab({ job, active = true }: { job: Job; active?: boolean }) {
  const query = useJobCompany(job.company, active);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading company profile" className="space-y-3">
        <Skeleton className="h-12 w-12" />
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  // The job carries a copy of the company's basics; it stands in when the profile cannot be loaded.
  const company = query.data;
  const name = company?.name ?? job.company;
  const industry = company?.industry ?? job.industry;
  const description = company?.description ?? job.companyDescription;
  const source = company?.description ? company.descriptionSource : job.companyDescription ? 'ats' : null;
  const website = company?.website ?? job.companyWebsite;
  const size = company?.size ?? job.companySize;
  const about = description ? htmlToLines(description.replace(/\n/g, '<br>')) : [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-4">
        <CompanyLogo company={name} logo={company?.logo ?? job.companyLogo} />
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold text-slate-900">{name}</h2>
          {industry && <p className="text-slate-600">{industry}</p>}
        </div>
        <Link to={paths.company.getHref(name)} className="text-sm font-medium text-brand-700 hover:underline">
          View All Jobs
          {company ? ` (${company.openJobs})` : ''}
        </Link>
      </div>
      <section className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold text-slate-900">About the Company</h3>
          {about.length > 0 && <SourceBadge source={source} />}
        </div>
        {about.length ? (
          <div className="space-y-3 leading-relaxed text-slate-700">
            {about.map((line, i) => (
              <p key={i}>{line}</p>
            ))}
          </div>
        ) : (
          <p className="text-slate-600 italic">No company description available.</p>
        )}
      </section>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label="Company Website">
          {website ? (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-brand-700 hover:underline"
            >
              {website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}
              <ExternalLink aria-hidden="true" className="h-3 w-3" />
            </a>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Company Size">{size ? `${size} employees` : '—'}</Fact>
        <Fact label="Founded">{company?.founded ?? '—'}</Fact>
        <Fact label="Industry">{industry || '—'}</Fact>
      </dl>
    </div>
  );
}
