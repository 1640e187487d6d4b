import { describe, expect, it } from 'vitest';
import { StopController } from './shutdown';

function controller(options: { hurryAfterMs?: number; giveUpAfterMs?: number } = {}) {
  const out: string[] = [];
  const exits: number[] = [];
  const resorts: number[] = [];
  const stop = new StopController({
    out: (line) => out.push(line),
    exit: (code) => exits.push(code),
    lastResort: async () => {
      resorts.push(Date.now());
    },
    ...options,
  });
  return { stop, out, exits, resorts };
}

describe('StopController', () => {
  it('a signal delivered twice at once (group + npm relay) is one stop that does not hurry', async () => {
    const { stop, out, exits } = controller();
    stop.request('SIGINT');
    stop.request('SIGINT');
    stop.request('SIGTERM');
    expect(await stop.requested).toBe('SIGINT');
    expect(stop.signal.aborted).toBe(true);
    expect(stop.hurry.aborted).toBe(false);
    stop.finish(0);
    stop.finish(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^stopped cleanly in \d+\.\d s$/);
    expect(exits).toEqual([0]);
  });

  it('a later signal hurries the stop; the steps still finish it', async () => {
    const { stop, exits } = controller();
    stop.request('SIGINT');
    await new Promise((r) => setTimeout(r, 1100));
    stop.request('SIGINT');
    expect(stop.hurry.aborted).toBe(true);
    expect(exits).toEqual([]);
    stop.finish(0);
    expect(exits).toEqual([0]);
  });

  it('a stop too slow hurries by itself, then runs the last resort and exits 1 saying so', async () => {
    const { stop, out, exits, resorts } = controller({ hurryAfterMs: 50, giveUpAfterMs: 150 });
    stop.request('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    expect(stop.hurry.aborted).toBe(true);
    expect(exits).toEqual([]);
    await new Promise((r) => setTimeout(r, 150));
    expect(resorts).toHaveLength(1);
    expect(exits).toEqual([1]);
    expect(out[0]).toMatch(/^stopped in \d+\.\d s, not cleanly: /);
  });

  it('an error nothing caught starts the same ordered stop, which then exits 1 saying so', async () => {
    const out: string[] = [];
    const exits: number[] = [];
    const logged: string[] = [];
    const fatal = new StopController({
      out: (line) => out.push(line),
      exit: (code) => exits.push(code),
      onFatal: (err, origin) => logged.push(`${origin}: ${(err as Error).message}`),
    });
    fatal.fatal(new Error('timeout exceeded when trying to connect'), 'unhandledRejection');
    fatal.fatal(new Error('a second one'), 'uncaughtException');
    expect(await fatal.requested).toBe('fatal error');
    expect(fatal.signal.aborted).toBe(true);
    expect(logged).toEqual([
      'unhandledRejection: timeout exceeded when trying to connect',
      'uncaughtException: a second one',
    ]);
    fatal.finish(0);
    expect(exits).toEqual([1]);
    expect(out[0]).toMatch(
      /^stopped in \d+\.\d s after an unexpected error \(timeout exceeded when trying to connect\); the search snapshot was written and PostgreSQL stopped$/,
    );
  });

  it('in a real process, an unhandled rejection runs the stop steps instead of killing the process at once', async () => {
    const { spawn } = await import('node:child_process');
    const path = await import('node:path');
    const script = `
      import { StopController } from ${JSON.stringify(path.resolve(import.meta.dirname, 'shutdown.ts'))};
      const stop = new StopController({ onFatal: () => console.log('logged') }).listen();
      setTimeout(() => { Promise.reject(new Error('pool timeout')); }, 10);
      await stop.requested;
      await new Promise((r) => setTimeout(r, 50)); // the ordered steps
      console.log('steps done');
      stop.finish(0);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stdout).toContain('logged\nsteps done\nstopped in ');
    expect(stdout).toContain('after an unexpected error (pool timeout)');
    expect(code).toBe(1);
  }, 30_000);
});
