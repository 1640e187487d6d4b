import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../budgets/server';

export interface LoadServer {
  baseUrl: string;
  child: ChildProcess;
  pid: number;
  /** Lines the server logged at level error or fatal (pino JSON, level ≥ 50). */
  errorLines(): string[];
  stop(): Promise<void>;
}

/** The anonymous public API limit the load server runs with (the site's own traffic gets 10x). */
export const LOAD_PUBLIC_API_LIMIT = 1_000_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the real server (backend/src/main.ts, production mode, serving frontend/site/dist) as a child
 * process on `databaseUrl`, without demo seeding, with PUBLIC_API_LIMIT lifted and mail kept in the
 * outbox (no SMTP_URL). The heap reporter is preloaded and switched on (LOAD_HEAP_REPORT=1, IPC channel).
 */
export async function startLoadServer(options: {
  root: string;
  databaseUrl: string;
  log: (line: string) => void;
  /** Extra Node options for the server (e.g. --cpu-prof for scripts/bench/profile-e2e.ts). */
  nodeArgs?: string[];
  /** Extra environment for the server. */
  env?: NodeJS.ProcessEnv;
}): Promise<LoadServer> {
  const { root } = options;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-load-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    SEED_JOBS: '0',
    PUBLIC_API_LIMIT: String(LOAD_PUBLIC_API_LIMIT),
    LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn',
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
    RUN_BOT: 'false',
    LOAD_HEAP_REPORT: '1',
    // Every simulated visitor connects from 127.0.0.1, up to 6 sockets each: the socket caps would stop the test.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    HTTP_MAX_CONNECTIONS: '100000',
  };
  // The defaults: PostgreSQL search, outbox mail (the test sends hundreds of confirmation mails).
  for (const name of ['SMTP_URL', 'MEILI_URL', 'MEILI_MASTER_KEY', 'EVENTSTORE_URL', 'RUN_PROJECTIONS'])
    delete env[name];
  const preload = pathToFileURL(path.join(root, 'scripts/load/heap-reporter.ts')).href;
  Object.assign(env, options.env);
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', '--import', preload, 'backend/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const errors: string[] = [];
  let partial = '';
  const keep = (d: Buffer) => {
    const text = d.toString();
    output = (output + text).slice(-20_000);
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (level && Number(level) >= 50 && errors.length < 100) errors.push(line.slice(0, 1000));
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(undefined);
        }, 20_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve(undefined);
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 120_000) throw new Error(`server did not start in 120 s:\n${output}`);
      await sleep(250);
    }
    options.log(
      `server up at ${baseUrl} (pid ${child.pid}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, child, pid: child.pid!, errorLines: () => [...errors], stop };
}
