import { BellRing } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { User } from '../../../types/api';
import { UserJobAlerts } from '../../alerts';

export interface JobAlertsSectionProps {
  user: User;
}

/**
 * The user's job alerts (GET /api/user/job-alerts), each with an unsubscribe button.
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
        <UserJobAlerts />
      </CardContent>
    </Card>
  );
}
