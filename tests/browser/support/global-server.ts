import { spawn, execFile, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startTestSmtpServer, type TestSmtpServer } from '../../../backend/src/mail/testing';
import { freePort } from '../../../backend/src/db/free-port';

const run = promisify(execFile);

/**
 * Test files run in worker processes, so they cannot read the SMTP server's memory: a tiny HTTP
 * endpoint hands them what it received.
 */
async function serveMailbox(smtp: TestSmtpServer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ messages: smtp.received }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts the real server (backend/src/main.ts, serving frontend/site/dist) on a fresh database:
 * a new embedded PostgreSQL data directory, or a fresh database on the DATABASE_URL server.
 * Creates an ingestion source so tests can post jobs through the real ingestion API.
 * Mail goes over real SMTP (SMTP_URL) to an in-process test SMTP server; tests read it with
 * waitForMail() from ./browser (so GET /api/dev/outbox does not exist in browser runs).
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../../..');
  if (!fs.existsSync(path.join(root, 'frontend/site/dist/index.html'))) {
    throw new Error('Build the site first: npm run build');
  }
  const port = await freePort();
  // Mail really goes over SMTP, to a server in this process; tests read it through `mailboxUrl`.
  const smtp = await startTestSmtpServer();
  const mailbox = await serveMailbox(smtp);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    SEED_JOBS: '0',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
    SMTP_URL: smtp.url,
    // The tests' own requests stand in for a reverse proxy on loopback: they pick client addresses with
    // X-Forwarded-For so per-address limits do not spill between tests.
    TRUST_PROXY: 'loopback',
  };
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `e2e_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }

  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => {
    output += d;
    if (process.env.E2E_LOG_LEVEL) process.stderr.write(d);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Server exited (${server.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  let token = '';
  if (fs.existsSync(path.join(root, 'backend/src/cli/source-create.ts'))) {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'backend/src/cli/source-create.ts', '--name', 'browser-tests'],
      {
        cwd: root,
        env,
      },
    );
    token = /\b(jb_[A-Za-z0-9_-]+)/.exec(stdout)?.[1] ?? '';
  }

  project.provide('baseUrl', baseUrl);
  project.provide('ingestToken', token);
  project.provide('mailboxUrl', mailbox.url);
  project.provide(
    'serverEnv',
    JSON.stringify({
      DATABASE_URL: env.DATABASE_URL ?? '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: env.EMBEDDED_PG_PORT,
    }),
  );

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        server.kill('SIGKILL');
        r(undefined);
      }, 15_000);
      server.once('exit', () => {
        clearTimeout(t);
        r(undefined);
      });
    });
    await dropDb?.();
    await mailbox.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    ingestToken: string;
    serverEnv: string;
    /** GET it for `{ messages: [{ from, to, raw }] }`: every mail the server sent this run, oldest first. */
    mailboxUrl: string;
  }
}
