import { BellRing } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { User } from '../../../types/api';

export interface JobAlertsSectionProps {
  user: User;
}

/**
 * The user's job alerts. A placeholder until job alerts land (issue 7), which replaces the content
 * with the list from the alerts API; the props already carry the signed-in user.
 */
export function JobAlertsSection(_props: JobAlertsSectionProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Job alerts
        </CardTitle>
        <CardDescription>New jobs matching your searches, by email.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-slate-600">
          Your job alerts will be listed here once job alerts are available.
        </p>
      </CardContent>
    </Card>
  );
}
