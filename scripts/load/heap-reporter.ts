/**
 * Preloaded into the server only by `npm run load` (node --import), and active only with LOAD_HEAP_REPORT=1
 * and an IPC channel to the parent: every second it sends the process's V8 heap figures to the load script.
 * Nothing is exposed over HTTP, and the server's own code does not know about it.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';

export interface HeapReport {
  type: 'load:heap';
  at: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** heapUsed measured right after the latest major (mark-sweep) GC: the live heap, without garbage. */
  heapAfterMajorGc: number | null;
  /** Major GCs since the reporter started. */
  majorGcs: number;
}

if (process.env.LOAD_HEAP_REPORT === '1' && process.send) {
  let heapAfterMajorGc: number | null = null;
  let majorGcs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Node's GC entries carry { kind } in detail (the DOM typing of PerformanceEntry does not know it).
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      heapAfterMajorGc = process.memoryUsage().heapUsed;
      majorGcs++;
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    const report: HeapReport = {
      type: 'load:heap',
      at: Date.now(),
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      heapAfterMajorGc,
      majorGcs,
    };
    // The parent may be gone: a failed send is not the server's problem.
    process.send?.(report, undefined, {}, () => undefined);
  }, 1000);
  timer.unref();
  // The channel must not keep the server alive, nor change how it shuts down.
  process.channel?.unref();
}
