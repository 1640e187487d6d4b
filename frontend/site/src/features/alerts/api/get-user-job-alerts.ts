import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserJobAlert } from '@jobs/contracts/alerts';
import { getQueryFn } from '../../../lib/api-client';

export const USER_JOB_ALERTS_KEY = ['/api/user/job-alerts'] as const;

/** The signed-in user's alerts; null when signed out. */
export const userJobAlertsQuery = queryOptions({
  queryKey: USER_JOB_ALERTS_KEY,
  queryFn: getQueryFn<UserJobAlert[]>({ on401: 'returnNull' }),
});

export const useUserJobAlerts = () => useQuery(userJobAlertsQuery);
