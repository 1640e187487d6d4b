import { AlertTriangle, RefreshCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
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

function FeedMessage({
  icon,
  title,
  text,
  onRefresh,
  tone = 'default',
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onRefresh: () => void;
  tone?: 'default' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center"
    >
      {icon}
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{text}</p>
      <Button variant="outline" className="mt-6" onClick={onRefresh}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Refresh Feed
      </Button>
    </div>
  );
}

export function FeedEmpty({ onRefresh }: { onRefresh: () => void }) {
  return (
    <FeedMessage
      icon={<SearchX aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />}
      title="No Jobs Found"
      text="We couldn't find any jobs matching your criteria. Try adjusting your filters."
      onRefresh={onRefresh}
    />
  );
}

export function FeedError({ onRefresh }: { onRefresh: () => void }) {
  return (
    <FeedMessage
      tone="error"
      icon={<AlertTriangle aria-hidden="true" className="mx-auto h-10 w-10 text-red-500" />}
      title="Error Loading Feed"
      text="We encountered an error while loading the job feed. Please try again."
      onRefresh={onRefresh}
    />
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
