import http from 'node:http';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const gunzip = promisify(zlib.gunzip);
const brotli = promisify(zlib.brotliDecompress);
const inflate = promisify(zlib.inflate);

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The decoded body (gzip/br/deflate undone). */
  body: Buffer;
  ms: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * One visitor's connection pool, like a browser's for one site: keep-alive, at most 6 connections, and
 * (on a loopback target) its own source address, so per-IP limits see one visitor and not the whole test.
 */
export function visitorAgent(localAddress?: string): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 6, ...(localAddress ? { localAddress } : {}) });
}

async function decode(body: Buffer, encoding: string | undefined): Promise<Buffer> {
  if (encoding === 'gzip') return gunzip(body);
  if (encoding === 'br') return brotli(body);
  if (encoding === 'deflate') return inflate(body);
  return body;
}

/** Keep-alive races retried (see send): counted, not errors. */
export const retries = { keepAliveRace: 0 };

/**
 * One HTTP request with a browser's Accept-Encoding; the body is read in full and decoded. A GET that
 * fails with ECONNRESET on a reused keep-alive socket is sent once more on a new one, as browsers do: the
 * server closed the idle socket (keepAliveTimeout) as the request went out on it (Node's http docs name
 * this race and this retry). The latency counts both attempts.
 */
export async function send(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Reply> {
  const started = performance.now();
  try {
    return await attempt(agent, base, method, path, headers, body, started);
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { reusedSocket?: boolean };
    const race = e.reusedSocket === true && e.code === 'ECONNRESET';
    if (!race || (method !== 'GET' && method !== 'HEAD')) throw err;
    retries.keepAliveRace++;
    return attempt(agent, base, method, path, headers, body, started);
  }
}

function attempt(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  started: number,
): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port || 80,
        method,
        path,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'jobs-board-load/1',
          ...headers,
          ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - started;
          decode(Buffer.concat(chunks), res.headers['content-encoding'] as string | undefined).then(
            (decoded) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: decoded, ms }),
            reject,
          );
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', (err: Error & { reusedSocket?: boolean }) => {
      err.reusedSocket = req.reusedSocket;
      reject(err);
    });
    req.end(body);
  });
}
