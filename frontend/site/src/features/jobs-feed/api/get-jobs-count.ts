import { queryOptions, useQuery, type QueryFunction } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api-client';
import { initialTotal } from '../initial-state';

export interface JobsCount {
  total: number;
}

export const jobsCountKey = ['/api/jobs/count'] as const;

export function jobsCountQueryOptions() {
  let initialAt: number | undefined;
  return queryOptions({
    queryKey: jobsCountKey,
    queryFn: getQueryFn<JobsCount>({ on401: 'throw' }) as QueryFunction<JobsCount>,
    initialData: () => {
      const initial = initialTotal();
      if (!initial) return undefined;
      initialAt = initial.at;
      return { total: initial.total };
    },
    initialDataUpdatedAt: () => initialAt,
  });
}

export function useJobsCount() {
  return useQuery(jobsCountQueryOptions());
}
