import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import type { AlertDefaults } from '../options';

// The dialog (Radix) loads on the first click: most visitors of the home page never open it.
const JobAlertDialog = lazy(() => import('./job-alert-dialog').then((m) => ({ default: m.JobAlertDialog })));

export interface JobAlertButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  label: string;
  defaultValues?: AlertDefaults;
}

/** A button that opens the alert dialog ('Receive Job Alerts' on the hero, 'Get Job Alerts' on the feed). */
export function JobAlertButton({ label, defaultValues, ...buttonProps }: JobAlertButtonProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        {...buttonProps}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <JobAlertDialog open={open} onOpenChange={setOpen} defaultValues={defaultValues} />
        </Suspense>
      )}
    </>
  );
}
