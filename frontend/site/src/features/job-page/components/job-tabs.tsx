import * as Tabs from '@radix-ui/react-tabs';
import { Card } from '../../../components/ui/card';
import type { Job } from '../api/get-job';
import { CompanyProfileTab } from './company-profile-tab';
import { JobDetailsTab } from './job-details-tab';

const trigger =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function JobTabs({ job }: { job: Job }) {
  return (
    <Tabs.Root defaultValue="details">
      <Tabs.List aria-label="Job information" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="details" className={trigger}>
          Job Details
        </Tabs.Trigger>
        <Tabs.Trigger value="company" className={trigger}>
          Company Profile
        </Tabs.Trigger>
      </Tabs.List>
      <Card className="mt-3">
        <Tabs.Content value="details" className="p-6 focus-visible:outline-2 focus-visible:outline-brand-600">
          <JobDetailsTab job={job} />
        </Tabs.Content>
        <Tabs.Content value="company" className="p-6 focus-visible:outline-2 focus-visible:outline-brand-600">
          <CompanyProfileTab job={job} />
        </Tabs.Content>
      </Card>
    </Tabs.Root>
  );
}
