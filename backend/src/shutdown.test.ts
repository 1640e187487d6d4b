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
});
