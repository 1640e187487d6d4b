import type { UserJobAlert } from '@jobs/contracts/alerts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteJobAlert } from '../api/delete-job-alert';
import { useUserJobAlerts } from '../api/get-user-job-alerts';

function describe(alert: UserJobAlert): string {
  const what = [alert.experienceLevel, alert.type, alert.title].filter(Boolean).join(' ') || 'All jobs';
  const parts = [what];
  if (alert.location) parts.push(`in ${alert.location}`);
  if (alert.salary) parts.push(alert.salary);
  if (alert.isRemote) parts.push('remote only');
  return parts.join(' · ');
}

const STATUS_LABEL: Record<UserJobAlert['status'], string> = {
  confirmed: 'Active',
  pending: 'Awaiting confirmation',
  expired: 'Confirmation expired',
  unsubscribed: 'Unsubscribed',
};

/** The signed-in user's job alerts with an unsubscribe button each (for /profile). */
export function UserJobAlerts() {
  const alerts = useUserJobAlerts();
  const remove = useDeleteJobAlert();
  if (alerts.isPending) return <Spinner />;
  if (alerts.isError) return <p className="text-sm text-red-700">Could not load your job alerts.</p>;
  if (!alerts.data?.length) return <p className="text-sm text-slate-600">You have no job alerts yet.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Your job alerts">
      {alerts.data.map((alert) => (
        <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{describe(alert)}</p>
            <p className="text-sm text-slate-600">
              {alert.frequency === 'weekly' ? 'Weekly' : 'Daily'} to {alert.email}{' '}
              <Badge variant={alert.status === 'confirmed' ? 'success' : 'outline'}>
                {STATUS_LABEL[alert.status]}
              </Badge>
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={remove.isPending && remove.variables === alert.id}
            onClick={() => remove.mutate(alert.id)}
          >
            Unsubscribe
          </Button>
        </li>
      ))}
    </ul>
  );
}
