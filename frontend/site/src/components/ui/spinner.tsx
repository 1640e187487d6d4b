import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface SpinnerProps {
  className?: string;
  label?: string;
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle
        aria-hidden="true"
        className={cn('h-8 w-8 animate-spin text-brand-700 motion-reduce:animate-none', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the page's main area (route guards while the session loads). */
export function CenteredSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
