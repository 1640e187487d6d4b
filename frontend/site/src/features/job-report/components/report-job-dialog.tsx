import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@jobs/contracts/report-reasons';
import { Button } from '../../../components/ui/button';
import { useReportJob } from '../api/report-job';

export interface ReportJobDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  identifier: string | number;
  title: string;
}

/** 'Report this job': a reason, an optional note, no sign-in needed. Closes on success. */
export function ReportJobDialog({ open, onOpenChange, identifier, title }: ReportJobDialogProps) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = useReportJob({
    onSuccess: () => {
      setReason(null);
      setNote('');
      onOpenChange(false);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate({ identifier, reason, note });
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Report this job</Dialog.Title>
          <Dialog.Description className="mt-1 mb-4 text-sm text-slate-600">
            Tell us what is wrong with '{title}'. We review every report.
          </Dialog.Description>
          <form onSubmit={submit} className="space-y-4" aria-label="Report this job">
            <fieldset aria-describedby={missingReason ? `${id}-reason-error` : undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-900">Reason</legend>
              <div className="space-y-2">
                {REPORT_REASONS.map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name={`${id}-reason`}
                      value={value}
                      checked={reason === value}
                      onChange={() => {
                        setReason(value);
                        setMissingReason(false);
                      }}
                      className="h-4 w-4 accent-brand-700"
                    />
                    {REPORT_REASON_LABELS[value]}
                  </label>
                ))}
              </div>
              {missingReason && (
                <p id={`${id}-reason-error`} className="mt-2 text-sm text-red-700">
                  Please choose a reason.
                </p>
              )}
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-900">
                Details (optional)
              </label>
              <textarea
                id={`${id}-note`}
                rows={4}
                maxLength={REPORT_NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                aria-describedby={`${id}-note-count`}
                placeholder="What did you notice?"
                className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
              />
              <p id={`${id}-note-count`} className="text-right text-xs text-slate-500">
                {note.length}/{REPORT_NOTE_MAX}
              </p>
            </div>
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={report.isPending}>
                {report.isPending ? 'Sending...' : 'Send Report'}
              </Button>
            </div>
          </form>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-sm text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X className="h-4 w-4" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
