import { describe, expect, it } from 'vitest';
import type { EventStore } from '@jobs/contracts';
import { EmbeddedIndexFollower } from './follower';

/** An event store that cannot be reached: every call fails, as while PostgreSQL restarts. */
function unreachableStore(calls: { n: number }): EventStore {
  return new Proxy({} as EventStore, {
    get: () => () => {
      calls.n++;
      return Promise.reject(new Error('connect ECONNREFUSED'));
    },
  });
}

describe('the embedded index follower when the event store is down', () => {
  it('retries with a back-off capped at a few seconds, and stops at once even while waiting', async () => {
    const calls = { n: 0 };
    const warnings: number[] = [];
    const follower = new EmbeddedIndexFollower({
      store: unreachableStore(calls),
      retryMs: 20,
      logger: {
        info: () => undefined,
        warn: (obj) => warnings.push((obj as { retryInMs: number }).retryInMs),
      },
    });
    follower.start();
    await new Promise((r) => setTimeout(r, 400));
    expect(follower.ready).toBe(false);
    expect(follower.status().lastError).toContain('ECONNREFUSED');
    // 20, 40, 80, 160 ms ...: it kept trying, doubling.
    expect(warnings.slice(0, 4)).toEqual([20, 40, 80, 160]);
    const started = Date.now();
    await follower.stop();
    expect(Date.now() - started).toBeLessThan(500);
    const after = calls.n;
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.n).toBe(after);
  });

  it('does not make a stopping server sit out a long back-off', async () => {
    const follower = new EmbeddedIndexFollower({ store: unreachableStore({ n: 0 }), retryMs: 3_000 });
    follower.start();
    await new Promise((r) => setTimeout(r, 200)); // failed once; now waiting 3 s
    const started = Date.now();
    await follower.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
