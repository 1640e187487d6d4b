import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

/** Spec section 9: six skeleton cards while the feed loads. */
export const FEED_SKELETON_CARDS = 6;

export function FeedSkeleton() {
  return (
    <div role="status" aria-label="Loading jobs" className="grid gap-4">
      {Array.from({ length: FEED_SKELETON_CARDS }, (_, i) => (
        <div
          key={i}
          data-testid="job-card-skeleton"
          className="rounded-xl border border-slate-200 bg-white p-5"
        >
          <div className="flex gap-4">
            <Skeleton className="h-12 w-12 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
          <Skeleton className="mt-4 h-10 w-full" />
          <Skeleton className="mt-4 ml-auto h-8 w-24" />
        </div>
      ))}
    </div>
  );
}

export function FeedEnd({ onRefresh }: { onRefresh: () => void }) {
  return (
    <div className="py-8 text-center" data-testid="feed-end">
      <p className="text-slate-600">You've reached the end of the feed</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRefresh}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Refresh Feed
      </Button>
    </div>
  );
}

export function FeedLoadingMore() {
  return (
    <p role="status" className="py-6 text-center text-slate-600">
      Loading more jobs...
    </p>
  );
}
