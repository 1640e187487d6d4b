import { Share2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { siteOrigin } from '../../../lib/initial-state';
import type { Job } from '../api/get-job';
import { alertDefaultsOfJob } from '../lib/alert-defaults';
import { formatDate } from '../lib/format';
import { shareLinks } from '../lib/share';
import { ApplyButton } from './apply-button';
import { CompactAlertForm } from '../../alerts/components/compact-alert-form';
import { ReportJobButton } from '../../job-report/components/report-job-button';

function Info({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value || '—'}</dd>
    </div>
  );
}

export function JobSidebar({ job }: { job: Job }) {
  const url = `${siteOrigin()}${paths.job.getHref(job.slug || job.id)}`;
  return (
    <aside className="space-y-6" aria-label="Job actions and information">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Actions</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <ApplyButton href={job.applicationUrl} className="w-full" />
          <p className="flex items-center gap-2 pt-2 text-sm font-medium text-slate-700">
            <Share2 aria-hidden="true" className="h-4 w-4" />
            Share this job
          </p>
          <div className="grid grid-cols-2 gap-2">
            {shareLinks({ url, title: job.title, company: job.company }).map((link) => (
              <a
                key={link.network}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`share-${link.network.toLowerCase()}`}
                className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                {link.label}
              </a>
            ))}
          </div>
          <div className="border-t border-slate-100 pt-3">
            <ReportJobButton identifier={job.id} title={job.title} />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Job Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-100 text-sm">
            <Info label="Posted" value={formatDate(job.datePosted)} />
            <Info label="Experience" value={job.experienceLevel} />
            <Info label="Job Type" value={job.type} />
            <Info label="Industry" value={job.industry} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Get Similar Job Alerts</CardTitle>
        </CardHeader>
        <CardContent>
          <CompactAlertForm defaultValues={alertDefaultsOfJob(job)} />
        </CardContent>
      </Card>
    </aside>
  );
}
