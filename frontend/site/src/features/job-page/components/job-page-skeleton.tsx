import { Skeleton } from '../../../components/ui/skeleton';

export function JobPageSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading job"
      className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8"
    >
      <Skeleton className="h-5 w-32" />
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6">
        <div className="flex gap-4">
          <Skeleton className="h-16 w-16" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        </div>
        <Skeleton className="h-6 w-1/2" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-96 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
