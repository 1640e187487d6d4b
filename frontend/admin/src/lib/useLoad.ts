import { useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

/**
 * Runs a read when its key changes and keeps the latest answer (for the admin's non-record calls:
 * history, dashboard, analytics). A stale answer of an earlier key is dropped. `load` null: nothing to read
 * yet (a show page opened by its URL has no record until its own fetch answers), so it stays pending.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, key: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: undefined, isPending: true });
  useEffect(() => {
    if (!load) return;
    let current = true;
    setState((s) => ({ ...s, isPending: true }));
    load().then(
      (data) => current && setState({ data, error: undefined, isPending: false }),
      (error: unknown) => current && setState({ data: undefined, error, isPending: false }),
    );
    return () => {
      current = false;
    };
    // The key stands for everything `load` reads.
  }, [key]);
  return state;
}
