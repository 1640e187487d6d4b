export interface Periodic {
  stop(): void;
}

/**
 * Runs `work` every `intervalMs` while the process runs, the first time a minute after start (or sooner for a
 * shorter interval). A run still going when the next is due is not doubled; a failure goes to `onError` and the
 * schedule goes on. The timers never keep the process alive. Shared by the alert digests and the job expiry sweep.
 */
export function startPeriodic(
  work: () => Promise<unknown>,
  intervalMs: number,
  onError: (err: unknown) => void,
): Periodic {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    work()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, Math.min(intervalMs, 60_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
