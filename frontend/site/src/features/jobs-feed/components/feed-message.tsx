import { AlertTriangle, RefreshCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

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

function FeedEmpty({ onRefresh }: { onRefresh: () => void }) {
  return (
    <FeedMessage
      icon={<SearchX aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />}
      title="No Jobs Found"
      text="We couldn't find any jobs matching your criteria. Try adjusting your filters."
      onRefresh={onRefresh}
    />
  );
}

function FeedError({ onRefresh }: { onRefresh: () => void }) {
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

/**
 * The feed's empty and error states, a lazy part of the home page (issue 23): job-feed.tsx loads it when
 * shown; a home page the server rendered empty loads it before hydrating (`parts` in app/routes/home.tsx).
 */
export default function FeedNotice({ kind, onRefresh }: { kind: 'empty' | 'error'; onRefresh: () => void }) {
  return kind === 'error' ? <FeedError onRefresh={onRefresh} /> : <FeedEmpty onRefresh={onRefresh} />;
}
