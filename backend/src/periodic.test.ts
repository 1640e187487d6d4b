import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic';

describe('startPeriodic', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a minute after start, then every interval, never two at once, past failures, until stopped', async () => {
    let runs = 0;
    let finish: (() => void) | null = null;
    const errors: unknown[] = [];
    const periodic = startPeriodic(
      () => {
        runs++;
        if (runs === 2) return Promise.reject(new Error('boom'));
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      15 * 60_000,
      (err) => errors.push(err),
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running at the next interval: that tick is skipped.
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs).toBe(1);
    finish!();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(runs).toBe(3);
    periodic.stop();
    finish!();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toBe(3);
  });

  it('starts sooner than a minute for a shorter interval', async () => {
    let runs = 0;
    const periodic = startPeriodic(
      async () => void runs++,
      5_000,
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBeGreaterThanOrEqual(1);
    periodic.stop();
  });
});
