import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { createHttpServer } from './server';

// Small caps so a test can go past them; loopback has many addresses (127.0.0.2, …) to play clients.
const LIMITS = {
  maxConnections: 30,
  maxConnectionsPerAddress: 5,
  headersTimeoutMs: 600,
  requestTimeoutMs: 2000,
  keepAliveTimeoutMs: 400,
};

let h: TestHarness;
let server: http.Server;
let port: number;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  h = await createTestHarness();
  server = createHttpServer(h.app, undefined, LIMITS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await h?.close();
});

interface IdleSocket {
  socket: net.Socket;
  /** Resolves with the ms from connect to close. */
  closed: Promise<number>;
}

/** A socket that connects and sends nothing. */
function idleSocket(localAddress: string, toPort = port): Promise<IdleSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: toPort, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    socket.on('error', () => undefined);
    const started = Date.now();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

function healthz(localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ port, host: '127.0.0.1', path: '/healthz', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

const within = (p: Promise<number>, ms: number) =>
  Promise.race([p, new Promise<number>((resolve) => setTimeout(() => resolve(-1), ms))]);

describe('connection limits', () => {
  it('config has sane defaults and reads HTTP_* overrides', () => {
    const defaults = loadConfig({}).http;
    expect(defaults.maxConnections).toBeGreaterThan(defaults.maxConnectionsPerAddress);
    expect(defaults.headersTimeoutMs).toBeLessThanOrEqual(defaults.requestTimeoutMs);
    expect(defaults.headersTimeoutMs).toBeLessThan(60_000);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '7' }).http.maxConnectionsPerAddress).toBe(7);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow();
  });

  it('one address holding idle sockets gets no more than its cap; the board keeps answering others', async () => {
    const held = await Promise.all(Array.from({ length: 12 }, () => idleSocket('127.0.0.2')));
    const closedAtOnce = await Promise.all(held.map((s) => within(s.closed, 300)));
    // Past the cap, sockets are closed right away, long before the headers timeout.
    expect(closedAtOnce.filter((ms) => ms >= 0).length).toBe(12 - LIMITS.maxConnectionsPerAddress);
    expect(await healthz('127.0.0.1')).toBe(200);
    for (const s of held) s.socket.destroy();
  });

  it('closes a connection that sends nothing after the headers timeout', async () => {
    const { closed } = await idleSocket('127.0.0.3');
    const ms = await within(closed, 5000);
    expect(ms).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
    expect(ms).toBeLessThan(LIMITS.headersTimeoutMs + 1500);
    // Its slot is free again.
    const again = await Promise.all(
      Array.from({ length: LIMITS.maxConnectionsPerAddress }, () => idleSocket('127.0.0.3')),
    );
    expect(await Promise.all(again.map((s) => within(s.closed, 200)))).toEqual(
      Array(LIMITS.maxConnectionsPerAddress).fill(-1),
    );
    for (const s of again) s.socket.destroy();
  });

  it('closes a keep-alive connection idle after a response', async () => {
    const { socket, closed } = await idleSocket('127.0.0.4');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const ms = await within(closed, 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeGreaterThanOrEqual(LIMITS.keepAliveTimeoutMs - 50);
    expect(ms).toBeLessThan(LIMITS.keepAliveTimeoutMs + LIMITS.headersTimeoutMs + 2000);
  });

  it('a trusted proxy carries everyone: no per-address cap for it', async () => {
    const proxied = createHttpServer(h.app, undefined, { ...LIMITS, exempt: (a) => a === '127.0.0.5' });
    await new Promise<void>((resolve) => proxied.listen(0, '127.0.0.1', resolve));
    const proxiedPort = (proxied.address() as AddressInfo).port;
    try {
      const held = await Promise.all(
        Array.from(
          { length: 8 },
          () =>
            new Promise<net.Socket>((resolve) => {
              const socket = net.connect({ port: proxiedPort, host: '127.0.0.1', localAddress: '127.0.0.5' });
              sockets.push(socket);
              socket.once('connect', () => resolve(socket));
            }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(held.filter((s) => s.destroyed || s.readyState !== 'open')).toHaveLength(0);
    } finally {
      proxied.closeAllConnections();
      await new Promise<void>((resolve) => proxied.close(() => resolve()));
    }
  });

  it('at the server-wide cap, makes room from the address holding the most; the newcomer is served', async () => {
    // Its own server with a headers timeout well past the test's waits: on a loaded machine the 600 ms one
    // closed the idle crowd by itself, hiding which socket made room.
    const roomy = createHttpServer(h.app, undefined, {
      ...LIMITS,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 20_000,
    });
    await new Promise<void>((resolve) => roomy.listen(0, '127.0.0.1', resolve));
    const roomyPort = (roomy.address() as AddressInfo).port;
    try {
      const addresses = Array.from({ length: LIMITS.maxConnections / 5 }, (_, i) => `127.0.1.${i + 1}`);
      const held = await Promise.all(
        addresses.flatMap((a) => Array.from({ length: 5 }, () => idleSocket(a, roomyPort))),
      );
      const answers: string[] = [];
      for (const s of held) s.socket.on('data', (chunk: Buffer) => answers.push(chunk.toString()));
      const extra = await idleSocket('127.0.2.1', roomyPort);
      expect(await within(extra.closed, 500)).toBe(-1);
      // One socket of the crowd made room, told 503 with Retry-After rather than reset.
      const closed = await Promise.all(held.map((s) => within(s.closed, 500)));
      expect(closed.filter((ms) => ms >= 0)).toHaveLength(1);
      expect(answers.join('')).toMatch(/^HTTP\/1\.1 503[\s\S]*Retry-After: \d+/);
      for (const s of [...held, extra]) s.socket.destroy();
    } finally {
      roomy.closeAllConnections();
      await new Promise<void>((resolve) => roomy.close(() => resolve()));
    }
  });

  it('at the cap with nobody holding more than the newcomer, answers 503 with Retry-After', async () => {
    const held = await Promise.all(
      Array.from({ length: LIMITS.maxConnections }, (_, i) => idleSocket(`127.0.4.${i + 1}`)),
    );
    const extra = await idleSocket('127.0.5.1');
    let answer = '';
    extra.socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    expect(await within(extra.closed, 1500)).toBeGreaterThanOrEqual(0);
    expect(answer).toMatch(/^HTTP\/1\.1 503[\s\S]*Retry-After: \d+/);
    for (const s of held) s.socket.destroy();
  });

  it('a flood from 70 addresses within the per-address cap does not starve others (issue 24 §5)', async () => {
    // The 70 addresses × 64 sockets against 4,096, scaled down: 70 × 8 against 280, each socket
    // reconnecting as soon as it is closed, for as long as the checks run.
    const caps = {
      ...LIMITS,
      maxConnections: 280,
      maxConnectionsPerAddress: 8,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 10_000,
    };
    const flooded = createHttpServer(h.app, undefined, caps);
    await new Promise<void>((resolve) => flooded.listen(0, '127.0.0.1', resolve));
    const floodPort = (flooded.address() as AddressInfo).port;
    let stop = false;
    let opened = 0;
    let refused503 = 0;
    const open = (localAddress: string): void => {
      if (stop) return;
      const socket = net.connect({ port: floodPort, host: '127.0.0.1', localAddress });
      sockets.push(socket);
      opened++;
      socket.on('data', (chunk: Buffer) => {
        if (chunk.toString().startsWith('HTTP/1.1 503')) refused503++;
      });
      socket.on('error', () => undefined);
      socket.once('close', () => setImmediate(() => open(localAddress)));
    };
    const check = (): Promise<string> =>
      new Promise((resolve) => {
        const req = http.get(
          { port: floodPort, host: '127.0.0.1', path: '/healthz', localAddress: '127.0.3.1', agent: false },
          (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.statusCode)));
          },
        );
        req.setTimeout(3000, () => req.destroy(new Error('timeout')));
        req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
    try {
      for (let a = 0; a < 70; a++)
        for (let i = 0; i < 8; i++) open(`127.0.${10 + Math.floor(a / 200)}.${(a % 200) + 1}`);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const answers: string[] = [];
      for (let i = 0; i < 10; i++) {
        answers.push(await check());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const ok = answers.filter((a) => a === '200').length;
      console.log(
        `[issue 24 §5] flood: 70 addresses × 8 sockets against a cap of 280, ${opened} connections opened; /healthz from another address: ${ok}/10 answered 200 (${answers.join(', ')}); ${refused503} flood sockets told 503`,
      );
      expect(ok).toBeGreaterThanOrEqual(9);
    } finally {
      stop = true;
      flooded.closeAllConnections();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => flooded.close(() => resolve()));
    }
  }, 60_000);
});
