import { useEffect, useState } from 'react';

/** A counter that goes up every `ms` while the page is visible, to refresh live figures. */
export function useTick(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((t) => t + 1);
    }, ms);
    return () => clearInterval(id);
  }, [ms]);
  return tick;
}
