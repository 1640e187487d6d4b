import net from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { createHttpServer } from './server';

let h: TestHarness;
let server: http.Server;
let port: number;
const refused: (string | undefined)[] = [];

beforeAll(async () => {
  h = await createTestHarness();
  server = createHttpServer(h.app, (err) => refused.push(err.code));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await h?.close();
});

interface RawAnswer {
  /** Everything the server sent before it closed the connection. */
  text: string;
  closedByServer: boolean;
}

/**
 * Writes raw requests on a plain TCP socket, each after the answer to the one before it has arrived
 * (as a browser reuses a keep-alive connection), and reads until the server closes it (5 s at most).
 */
function raw(...requests: string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedByServer: false });
    }, 5_000);
    socket.setEncoding('utf8');
    let sent = 0;
    const sendNext = () => socket.write(requests[sent++]!);
    socket.on('data', (d: string) => {
      text += d;
      if (sent < requests.length && responses(text).length === sent) sendNext();
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      // A reset after the answer arrived still counts as the server closing; before it, it is a failure.
      if (text) resolve({ text, closedByServer: true });
      else reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedByServer: true });
    });
    socket.on('connect', sendNext);
  });
}

/** Splits a raw HTTP/1.1 stream into its responses (Content-Length framed). */
function responses(text: string): { status: number; headers: Record<string, string>; body: string }[] {
  const out = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break; // the head has not all arrived yet
    const head = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      head.slice(1).map((line) => {
        const i = line.indexOf(':');
        return [line.slice(0, i).toLowerCase(), line.slice(i + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (rest.length < end + 4 + length) break; // nor the body
    out.push({
      status: Number(head[0]!.split(' ')[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

function expectErrorShape(body: string, code: string): void {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed).toMatchObject({ code, error: { code } });
  expect(typeof parsed.message).toBe('string');
  expect((parsed.error as { message: unknown }).message).toBe(parsed.message);
}

describe('requests the HTTP parser refuses', () => {
  it('a 20 KB URL gets a 431 in the error shape and the connection is closed', async () => {
    const url = `/api/jobs?title=${'a'.repeat(20 * 1024)}`;
    const answer = await raw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.closedByServer).toBe(true);
    const [res, ...more] = responses(answer.text);
    expect(more).toEqual([]);
    expect(res!.status).toBe(431);
    expect(answer.text.startsWith('HTTP/1.1 431 Request Header Fields Too Large\r\n')).toBe(true);
    expect(res!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res!.headers.connection).toBe('close');
    expectErrorShape(res!.body, 'HEADERS_TOO_LARGE');
    expect(refused).toContain('HPE_HEADER_OVERFLOW');
  });

  it('a 20 KB header is refused the same way', async () => {
    const answer = await raw(
      `GET /api/jobs HTTP/1.1\r\nHost: localhost\r\nCookie: x=${'b'.repeat(20 * 1024)}\r\n\r\n`,
    );
    const [res] = responses(answer.text);
    expect(res!.status).toBe(431);
    expectErrorShape(res!.body, 'HEADERS_TOO_LARGE');
  });

  it('a malformed request line gets a 400 BAD_REQUEST in the error shape', async () => {
    const answer = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer.closedByServer).toBe(true);
    const [res] = responses(answer.text);
    expect(res!.status).toBe(400);
    expectErrorShape(res!.body, 'BAD_REQUEST');
  });

  it('a keep-alive connection answers its good request in full before refusing the oversized one', async () => {
    const answer = await raw(
      'GET /api/jobs/count HTTP/1.1\r\nHost: localhost\r\n\r\n',
      `GET /api/jobs?title=${'c'.repeat(20 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    const [first, second] = responses(answer.text);
    expect(first!.status).toBe(200);
    expect(JSON.parse(first!.body)).toEqual({ total: 0 });
    expect(second!.status).toBe(431);
    expectErrorShape(second!.body, 'HEADERS_TOO_LARGE');
  });

  it('a long URL under the limit still reaches the app', async () => {
    const answer = await raw(
      `GET /api/jobs?title=${'d'.repeat(8 * 1024)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    const [res] = responses(answer.text);
    // The app's own answer (the title is longer than the feed allows, or a page of nothing).
    expect([200, 400]).toContain(res!.status);
    if (res!.status === 400) expectErrorShape(res!.body, 'VALIDATION');
  });
});
