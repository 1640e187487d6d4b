/**
 * One way to stop, whatever the signal (docs/operations.md, "Stopping").
 *
 * SIGINT, SIGTERM and SIGHUP, sent once or repeatedly, to node alone or to the whole process group (a
 * terminal's Ctrl-C, `kill -TERM -<pgid>`, systemd's default KillMode, Docker), start the same ordered
 * stop: the caller's steps run once, then one line says how it ended ("stopped cleanly in 1.2 s") and
 * the process exits. The signal a group stop delivers twice (once from the terminal, once relayed by
 * npm) counts once. A later signal (a second Ctrl-C) hurries the stop: in-flight work is cut instead of
 * awaited, but the search snapshot is still written and PostgreSQL still stopped. If the steps have not
 * finished after `hurryAfterMs` the stop hurries by itself, and after `giveUpAfterMs` the last resort
 * runs (it stops the embedded PostgreSQL this process owns) and the process exits 1, saying so.
 */

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** Signals closer than this to the first are the same stop, delivered twice (group + npm's relay). */
const SAME_STOP_MS = 1000;

export interface StopControllerOptions {
  /** Where the one-line outcome goes (console.log). */
  out?: (line: string) => void;
  /** A note when a signal arrives (the logger's info). */
  onSignal?: (signal: StopSignal, state: 'stopping' | 'hurrying') => void;
  /** The stop hurries by itself after this long (default 8 s). */
  hurryAfterMs?: number;
  /** The last resort runs after this long (default 14 s): stop what must not outlive the process, exit 1. */
  giveUpAfterMs?: number;
  lastResort?: () => Promise<void>;
  /**
   * An error nothing caught (an uncaught exception, an unhandled rejection) is logged here (default
   * console.error), then starts the same ordered stop as a signal, which ends with exit code 1.
   */
  onFatal?: (err: unknown, origin: 'uncaughtException' | 'unhandledRejection') => void;
  /** Exit (tests pass a spy). */
  exit?: (code: number) => void;
}

export class StopController {
  private readonly stopController = new AbortController();
  private readonly hurryController = new AbortController();
  private firstAt = 0;
  private readonly handler = (signal: StopSignal) => this.request(signal);
  private readonly uncaught = (err: unknown) => this.fatal(err, 'uncaughtException');
  private readonly unhandled = (err: unknown) => this.fatal(err, 'unhandledRejection');
  /** The first error nothing caught, if one started (or happened during) the stop. */
  fatalError: unknown = null;
  private resolveRequested!: (signal: string) => void;
  /** Resolves with the signal's name when a stop was requested. */
  readonly requested: Promise<string>;
  /** The signal (or reason) that started the stop, null while running. */
  reason: string | null = null;
  private timers: NodeJS.Timeout[] = [];
  private ended = false;

  constructor(private readonly options: StopControllerOptions = {}) {
    this.requested = new Promise((resolve) => (this.resolveRequested = resolve));
  }

  /** Aborted when a stop starts: long work (seeding, waits) ends at its next step. */
  get signal(): AbortSignal {
    return this.stopController.signal;
  }

  /** Aborted when the stop must hurry (a second signal, or too slow): cut in-flight work. */
  get hurry(): AbortSignal {
    return this.hurryController.signal;
  }

  get stopping(): boolean {
    return this.reason !== null;
  }

  /**
   * Installs the signal handlers (they replace Node's default: exit at once), and handlers for errors nothing
   * caught: instead of dying on the spot (leaving the embedded PostgreSQL running and the search snapshot
   * unwritten), the process logs the error and stops in order, exiting 1.
   */
  listen(): this {
    for (const s of STOP_SIGNALS) process.on(s, this.handler);
    process.on('uncaughtException', this.uncaught);
    process.on('unhandledRejection', this.unhandled);
    return this;
  }

  /** An error nothing caught: log it, then the ordered stop (exit code 1). */
  fatal(err: unknown, origin: 'uncaughtException' | 'unhandledRejection'): void {
    const first = this.fatalError === null;
    if (first) this.fatalError = err ?? new Error(String(err));
    (this.options.onFatal ?? ((e: unknown) => console.error(e)))(err, origin);
    if (first) this.request('fatal error');
  }

  /** Starts the stop, as a signal would (also for a reason of the program's own). */
  request(reason: string): void {
    const now = Date.now();
    if (this.reason === null) {
      this.reason = reason;
      this.firstAt = now;
      // A closed terminal (SIGHUP) or log pipe must not crash the stop half-way with EIO/EPIPE.
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
      if (isStopSignal(reason)) this.options.onSignal?.(reason, 'stopping');
      const hurryAfter = this.options.hurryAfterMs ?? 8_000;
      const giveUpAfter = this.options.giveUpAfterMs ?? 14_000;
      this.timers.push(setTimeout(() => this.hurryController.abort(), hurryAfter).unref());
      this.timers.push(setTimeout(() => void this.giveUp(), giveUpAfter).unref());
      this.stopController.abort();
      this.resolveRequested(reason);
      return;
    }
    if (now - this.firstAt < SAME_STOP_MS || this.hurry.aborted) return;
    if (isStopSignal(reason)) this.options.onSignal?.(reason, 'hurrying');
    this.hurryController.abort();
  }

  /** Seconds since the stop started (one decimal). */
  elapsed(): string {
    return ((Date.now() - (this.firstAt || Date.now())) / 1000).toFixed(1);
  }

  /** The steps are done: the one line, then exit. */
  finish(code = 0, line = `stopped cleanly in ${this.elapsed()} s`): void {
    if (this.ended) return;
    this.ended = true;
    if (this.fatalError !== null && code === 0) {
      code = 1;
      const message = this.fatalError instanceof Error ? this.fatalError.message : String(this.fatalError);
      line = `stopped in ${this.elapsed()} s after an unexpected error (${message}); the search snapshot was written and PostgreSQL stopped`;
    }
    for (const t of this.timers) clearTimeout(t);
    (this.options.out ?? console.log)(line);
    (this.options.exit ?? ((c: number) => process.exit(c)))(code);
  }

  private async giveUp(): Promise<void> {
    if (this.ended) return;
    await this.options.lastResort?.().catch(() => undefined);
    this.finish(
      1,
      `stopped in ${this.elapsed()} s, not cleanly: the stop did not finish in time (PostgreSQL was stopped; the next start rebuilds what was not written)`,
    );
  }
}

function isStopSignal(s: string): s is StopSignal {
  return (STOP_SIGNALS as readonly string[]).includes(s);
}

/** Exit code of a one-shot command a signal interrupted (the shell's convention: 128 + signal number). */
export function interruptedExitCode(reason: string | null): number {
  return reason === 'SIGINT' ? 130 : reason === 'SIGHUP' ? 129 : 143;
}

/** Resolves after ms, or at once when the signal aborts. */
export function sleepUnless(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
