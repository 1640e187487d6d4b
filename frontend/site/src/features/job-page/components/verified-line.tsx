import { ShieldCheck } from 'lucide-react';
import type { Job } from '../api/get-job';
import { verifiedText } from '../lib/verified';

/** 'Verified on Greenhouse 3 hours ago': when the job's source last confirmed it (the exact time on hover). */
export function VerifiedLine({ job }: { job: Job }) {
  const text = verifiedText(job);
  if (!text || !job.lastConfirmedAt) return null;
  return (
    <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600" data-testid="job-verified">
      <ShieldCheck aria-hidden="true" className="h-4 w-4 text-emerald-600" />
      {/* Rendered on the server moments before the browser hydrates: an age that ticks over in between
          ('59 minutes ago' to '1 hour ago') is React's documented case for suppressHydrationWarning. */}
      <time
        dateTime={job.lastConfirmedAt}
        title={new Date(job.lastConfirmedAt).toUTCString()}
        suppressHydrationWarning
      >
        {text}
      </time>
    </p>
  );
}
