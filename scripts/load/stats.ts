export interface CallStats {
  name: string;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

const FIRST_ERRORS = 10;

/** Latencies and errors per call name, in the order the calls were first made. */
export class Recorder {
  private readonly calls = new Map<string, { ms: number[]; errors: number }>();
  readonly firstErrors: string[] = [];
  total = 0;
  errors = 0;

  record(name: string, ms: number, error?: string): void {
    let call = this.calls.get(name);
    if (!call) this.calls.set(name, (call = { ms: [], errors: 0 }));
    call.ms.push(ms);
    this.total++;
    if (error === undefined) return;
    call.errors++;
    this.errors++;
    if (this.firstErrors.length < FIRST_ERRORS) this.firstErrors.push(`${name}: ${error}`);
  }

  /** Per call, in `order` (names not in it after, as first made). */
  stats(order: readonly string[] = []): CallStats[] {
    const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
    const calls = [...this.calls].sort(([a], [b]) => rank(a) - rank(b));
    return calls.map(([name, call]) => {
      const sorted = [...call.ms].sort((a, b) => a - b);
      const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
      return { name, count: sorted.length, errors: call.errors, p50: q(0.5), p95: q(0.95), p99: q(0.99) };
    });
  }
}
