import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AlertDefaults } from '../options';
import { JobAlertForm } from './job-alert-form';

/** Spec section 9: the dialog closes 1500 ms after a successful subscription. */
export const ALERT_DIALOG_CLOSE_DELAY_MS = 1500;

export interface JobAlertDialogProps {
  /** Controlled from outside; leave both out to let the trigger open it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (wrapped in Radix's Trigger, so a <Button> works). */
  trigger?: ReactNode;
  /** Prefill, e.g. from the current search. */
  defaultValues?: AlertDefaults;
}

/** 'Subscribe to Job Alerts' (spec section 2, Alert dialog) around the full form. */
export function JobAlertDialog({ open, onOpenChange, trigger, defaultValues }: JobAlertDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  useEffect(() => () => clearTimeout(closeTimer.current ?? undefined), []);

  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Subscribe to Job Alerts
          </Dialog.Title>
          <Dialog.Description className="mt-1 mb-4 text-sm text-slate-600">
            Get notifications when new jobs matching your criteria are posted.
          </Dialog.Description>
          {/* Keyed by the prefill, so reopening from another search starts from that search. */}
          <JobAlertForm
            key={JSON.stringify(defaultValues ?? {})}
            bare
            defaultValues={defaultValues}
            onSuccess={() => {
              clearTimeout(closeTimer.current ?? undefined);
              closeTimer.current = setTimeout(() => setOpen(false), ALERT_DIALOG_CLOSE_DELAY_MS);
            }}
          />
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
