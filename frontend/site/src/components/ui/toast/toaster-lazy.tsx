import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

const RadixToaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster once the first toast is raised, so its code stays out of the first page load.
 * Once mounted it stays (exit animations, F8 hotkey for later toasts).
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
