import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Row } from './eventstore';
import { freePort } from '../../backend/src/db/free-port';

/**
 * `BENCH_ONLY=restart npm run bench` (issue 26): a board of BENCH_JOBS jobs (default 100,000, seeded in-process
 * into a temporary DATA_DIR's embedded PostgreSQL) is started with `npm start`, stopped with a Ctrl-C to its
 * process group, and started again: how long the stop takes, and how long the next start takes until the
 * embedded search index is ready from the snapshot and until the URL line (target: ≤ 10 s at 100,000 jobs).
 * Beside it the floor: the same start's index built from the events (the first start, no snapshot yet).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  child: ChildProcess;
  lines: { at: number; text: string }[];
  startedAt: number;
  exited: Promise<void>;
}

function run(args: string[], env: Record<string, string>): Run {
  const child = spawn('npm', args, {
    cwd: process.cwd(),
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Run['lines'] = [];
  const push = (chunk: Buffer) => {
    for (const text of chunk.toString('utf8').split('\n'))
      if (text.trim()) lines.push({ at: performance.now(), text });
  };
  child.stdout!.on('data', push);
  child.stderr!.on('data', push);
  return {
    child,
    lines,
    startedAt: performance.now(),
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
}

async function lineAt(r: Run, pattern: RegExp, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = r.lines.find((l) => pattern.test(l.text));
    if (hit) return hit.at;
    const ended = r.child.exitCode !== null || r.child.signalCode !== null;
    if (ended || Date.now() > deadline)
      throw new Error(
        `no line ${pattern} (${ended ? 'exited' : 'timed out'}):\n${r.lines
          .slice(-20)
          .map((l) => l.text)
          .join('\n')}`,
      );
    await sleep(50);
  }
}

export async function benchRestart(jobs: number): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-restart-'));
  fs.chmodSync(dataDir, 0o755); // the cluster stays inside when run as root
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    HOST: '127.0.0.1',
    SEED_JOBS: '0',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    RUN_BOT: 'false',
    SESSION_SECRET: 'bench-restart-secret-bench-restart-secret',
  };
  const rows: Row[] = [];
  const row = (metric: string, value: string) => rows.push({ target: 'embedded', metric, value });
  const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const running: Run[] = [];
  try {
    console.error(`… restart: seeding ${jobs.toLocaleString()} jobs`);
    const seed = run(['run', 'seed', '--', '--jobs', String(jobs)], env);
    running.push(seed);
    await seed.exited;
    if (seed.child.exitCode !== 0) throw new Error(seed.lines.map((l) => l.text).join('\n'));

    console.error('… restart: first start (index from the events), stop, second start (from the snapshot)');
    const first = run(['start'], env);
    running.push(first);
    const firstReady = await lineAt(first, /search: embedded index ready/, 30 * 60_000);
    row(
      `first start: embedded index from the events (${jobs.toLocaleString()} jobs, floor)`,
      secs(firstReady - first.startedAt),
    );
    const stopAt = performance.now();
    process.kill(-first.child.pid!, 'SIGINT');
    await first.exited;
    row(
      'Ctrl-C to the group: stopped (snapshot written, PostgreSQL stopped)',
      secs(performance.now() - stopAt),
    );
    if (!first.lines.some((l) => /^stopped cleanly in/.test(l.text))) throw new Error('no stopped line');

    const second = run(['start'], env);
    running.push(second);
    const fromSnapshot = await lineAt(second, /"from":"snapshot".*search: embedded index ready/, 10 * 60_000);
    const url = await lineAt(second, /Remote jobs board is running at/, 10 * 60_000);
    row(
      'next start: embedded index ready from the snapshot (target ≤ 10 s)',
      secs(fromSnapshot - second.startedAt),
    );
    row('next start: URL printed', secs(url - second.startedAt));
    process.kill(-second.child.pid!, 'SIGINT');
    await second.exited;
  } finally {
    for (const r of running) if (r.child.exitCode === null) process.kill(-r.child.pid!, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
