import { Banknote, Briefcase, Globe2, GraduationCap, MapPin } from 'lucide-react';
import { workFromLabel } from '@jobs/contracts/where-label';
import { Link } from '../../../lib/router';
import { EXPERIENCE_NOT_SPECIFIED } from '@jobs/contracts/experience';
import { CompanyLogo } from '../../../components/job-card';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import type { Job } from '../api/get-job';
import { locationLabel } from '../lib/format';
import { ApplyButton } from './apply-button';
import { VerifiedLine } from './verified-line';

export function JobHeader({ job }: { job: Job }) {
  const location = locationLabel(job);
  const workFrom = workFromLabel(job);
  return (
    <Card className="mt-4 p-6">
      <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 gap-4">
          <CompanyLogo company={job.company} logo={job.companyLogo} />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{job.title}</h1>
            <Link
              to={paths.company.getHref(job.company)}
              className="mt-1 inline-block text-lg font-medium text-brand-700 hover:underline"
            >
              {job.company}
            </Link>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Job summary">
              <li>
                <Badge variant="default">
                  <Briefcase aria-hidden="true" className="mr-1 h-3 w-3" />
                  {job.type}
                </Badge>
              </li>
              {job.experienceLevel !== EXPERIENCE_NOT_SPECIFIED && (
                <li>
                  <Badge variant="secondary">
                    <GraduationCap aria-hidden="true" className="mr-1 h-3 w-3" />
                    {job.experienceLevel}
                  </Badge>
                </li>
              )}
              {location && (
                <li>
                  <Badge variant="outline" data-testid="location-badge">
                    <MapPin aria-hidden="true" className="mr-1 h-3 w-3" />
                    {location}
                  </Badge>
                </li>
              )}
              {workFrom && (
                <li>
                  <Badge variant="outline" data-testid="work-from-badge">
                    <Globe2 aria-hidden="true" className="mr-1 h-3 w-3" />
                    {workFrom}
                  </Badge>
                </li>
              )}
              {job.salary && (
                <li>
                  <Badge variant="success">
                    <Banknote aria-hidden="true" className="mr-1 h-3 w-3" />
                    {job.salary}
                  </Badge>
                </li>
              )}
            </ul>
            <VerifiedLine job={job} />
          </div>
        </div>
        <ApplyButton href={job.applicationUrl} className="shrink-0" />
      </div>
    </Card>
  );
}
