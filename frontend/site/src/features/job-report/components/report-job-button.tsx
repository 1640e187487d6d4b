import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The dialog (Radix and the form) loads on the first click: almost no visitor reports a job.
const ReportJobDialog = lazy(() =>
  import('./report-job-dialog').then((m) => ({ default: m.ReportJobDialog })),
);

/** A discreet 'Report this job' link under the job's actions; opens the report dialog. */
export function ReportJobButton({ identifier, title }: { identifier: string | number; title: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex items-center gap-1.5 rounded-sm text-sm text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Flag aria-hidden="true" className="h-3.5 w-3.5" />
        Report this job
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportJobDialog open={open} onOpenChange={setOpen} identifier={identifier} title={title} />
        </Suspense>
      )}
    </>
  );
}
