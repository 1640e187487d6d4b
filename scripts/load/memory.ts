import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import type { HeapReport } from './heap-reporter';

export interface MemorySample {
  /** Seconds since the load began (negative: before). */
  t: number;
  rssMb: number;
  heapUsedMb: number | null;
  heapAfterGcMb: number | null;
  majorGcs: number | null;
}

export interface MemorySeries {
  startMb: number;
  peakMb: number;
  endMb: number;
  /** Least-squares slope over the second half of the load, MB per minute. */
  slopeMbPerMin: number;
}

/**
 * A process is called flat when its memory grows by less than this over the second half of the load, in
 * MB per minute (a real leak on the hot path shows up at this rate within the minute: 50 visitors make
 * thousands of requests a minute). The judgement uses the live heap after major GCs where the server
 * reports it and at least MIN_MAJOR_GCS of them ran in the second half (RSS also holds allocator slack
 * that V8 and glibc hand back late or never); otherwise RSS.
 */
export const FLAT_MB_PER_MIN = 5;
export const MIN_MAJOR_GCS = 2;

const MB = 1024 * 1024;

/** Resident set size of a process from /proc/<pid>/status (VmRSS), in MB; null when unreadable. */
export function readRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the server's RSS every second, plus the V8 heap figures its preload sends over IPC (if any). */
export class MemorySampler {
  readonly samples: MemorySample[] = [];
  private latestHeap: HeapReport | null = null;
  private timer: NodeJS.Timeout | undefined;
  private zero = performance.now();

  constructor(
    private readonly pid: number,
    child?: ChildProcess,
  ) {
    child?.on('message', (m: unknown) => {
      if (m && typeof m === 'object' && (m as { type?: unknown }).type === 'load:heap')
        this.latestHeap = m as HeapReport;
    });
  }

  get heapReported(): boolean {
    return this.latestHeap !== null;
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  /** Marks the start of the load: sample times count from here. */
  markLoadStart(): void {
    const now = performance.now();
    for (const s of this.samples) s.t -= (now - this.zero) / 1000;
    this.zero = now;
    this.sample();
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }

  sample(): void {
    const rssMb = readRssMb(this.pid);
    if (rssMb === null) return;
    const h = this.latestHeap;
    this.samples.push({
      t: (performance.now() - this.zero) / 1000,
      rssMb,
      heapUsedMb: h ? h.heapUsed / MB : null,
      heapAfterGcMb: h?.heapAfterMajorGc != null ? h.heapAfterMajorGc / MB : null,
      majorGcs: h ? h.majorGcs : null,
    });
  }

  /** Major GCs the server reported during the second half of the load (null: no heap reports). */
  majorGcsInSecondHalf(seconds: number): number | null {
    const counts = this.samples
      .filter((s) => s.t >= seconds / 2 && s.t <= seconds + 1.5 && s.majorGcs !== null)
      .map((s) => s.majorGcs!);
    return counts.length ? counts.at(-1)! - counts[0]! : null;
  }

  /** One figure of the samples within [0, seconds] of the load. */
  series(seconds: number, of: (s: MemorySample) => number | null): MemorySeries | null {
    const points = this.samples
      .filter((s) => s.t >= -0.5 && s.t <= seconds + 1.5)
      .map((s) => ({ t: s.t, v: of(s) }))
      .filter((p): p is { t: number; v: number } => p.v !== null);
    if (points.length < 2) return null;
    const half = points.filter((p) => p.t >= seconds / 2);
    return {
      startMb: points[0]!.v,
      peakMb: Math.max(...points.map((p) => p.v)),
      endMb: points.at(-1)!.v,
      slopeMbPerMin: slope(half.length >= 2 ? half : points) * 60,
    };
  }
}

/** Least-squares slope of v over t (per second). */
export function slope(points: { t: number; v: number }[]): number {
  const n = points.length;
  const mt = points.reduce((a, p) => a + p.t, 0) / n;
  const mv = points.reduce((a, p) => a + p.v, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.v - mv);
    den += (p.t - mt) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
