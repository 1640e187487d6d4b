/**
 * One fuzz request against the real app on a loopback socket, with what it wrote: the event store's
 * head and the sessions table before and after, and the events the request itself appended.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import supertest from 'supertest';
import type { Body } from './hostile';

export type Identity = 'anonymous' | 'user' | 'admin' | 'token' | 'bad-token';

export interface FuzzRequest {
  method: string;
  /** Path and query, already URL-encoded (possibly badly, on purpose). */
  url: string;
  identity: Identity;
  origin: 'same' | 'none' | 'foreign';
  body: Body;
  /** Extra headers (garbage cookies, odd Accept-Encoding, forged forwarding headers, ...). */
  headers?: Record<string, string>;
}

export interface Credentials {
  userCookie: string;
  adminCookie: string;
  token: string;
  publicUrl: string;
}

export interface FuzzResponse {
  status: number;
  headers?: Record<string, string | string[] | undefined>;
  contentType: string;
  body: unknown;
  text: string;
  /** Events appended while the request ran that carry its request id. */
  ownEvents: string[];
  /** Any events appended while the request ran (background work included). */
  appendedEvents: number;
  sessionsAdded: number;
  requestId: string;
}

async function snapshot(pool: pg.Pool): Promise<{ head: number; sessions: number }> {
  const { rows } = await pool.query<{ head: string; sessions: string }>(
    `select (select coalesce(max(global_position), 0) from events) as head,
            (select count(*) from sessions) as sessions`,
  );
  return { head: Number(rows[0]!.head), sessions: Number(rows[0]!.sessions) };
}

let ipCounter = 0;

export async function send(
  server: http.Server,
  pool: pg.Pool,
  creds: Credentials,
  req: FuzzRequest,
): Promise<FuzzResponse> {
  const requestId = `fuzz-${crypto.randomUUID()}`;
  // A fresh documentation-range address per request: per-IP limits stay out of the way.
  ipCounter += 1;
  const headers: Record<string, string> = {
    'X-Request-Id': requestId,
    'X-Forwarded-For': `198.51.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
  };
  if (req.identity === 'user') headers.Cookie = creds.userCookie;
  if (req.identity === 'admin') headers.Cookie = creds.adminCookie;
  if (req.identity === 'token') headers.Authorization = `Bearer ${creds.token}`;
  if (req.identity === 'bad-token') headers.Authorization = `Bearer ${creds.token.slice(0, -2)}xx`;
  if (req.origin === 'same') headers.Origin = creds.publicUrl;
  if (req.origin === 'foreign') headers.Origin = 'https://evil.example';
  for (const [name, value] of Object.entries(req.headers ?? {})) {
    // A Cookie header goes next to the identity's one: garbage beside (or instead of) a real session.
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    headers[key] = name.toLowerCase() === 'cookie' ? joinCookies(req, creds, value) : value;
  }
  if (req.body.kind !== 'none' && req.body.payload !== undefined && req.body.contentType !== undefined)
    headers['Content-Type'] = req.body.contentType;

  const before = await snapshot(pool);
  const res =
    req.body.kind === 'chunked'
      ? await sendChunked(server, req, headers)
      : await viaSupertest(server, req, headers);
  const after = await snapshot(pool);
  let ownEvents: string[] = [];
  if (after.head !== before.head) {
    const { rows } = await pool.query<{ type: string }>(
      `select type from events where global_position > $1 and global_position <= $2
         and (metadata->>'correlationId' = $3 or metadata->>'causationId' = $3)`,
      [before.head, after.head, requestId],
    );
    ownEvents = rows.map((r) => r.type);
  }
  return {
    status: res.status,
    headers: res.headers,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body,
    text: res.text,
    ownEvents,
    appendedEvents: after.head - before.head,
    sessionsAdded: after.sessions - before.sessions,
    requestId,
  };
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

async function viaSupertest(
  server: http.Server,
  req: FuzzRequest,
  headers: Record<string, string>,
): Promise<RawResponse> {
  const method = req.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  const agent = supertest(server);
  let test = agent[method](req.url)
    .timeout({ response: 20_000, deadline: 30_000 })
    .ok(() => true);
  for (const [name, value] of Object.entries(headers)) test = test.set(name, value);
  if (req.body.kind !== 'none' && req.body.payload !== undefined) test = test.send(req.body.payload);
  const res = await test;
  return {
    status: res.status,
    headers: res.headers as Record<string, string | string[] | undefined>,
    body: res.body as unknown,
    text: res.text ?? '',
  };
}

/** The body in several chunks with Transfer-Encoding: chunked (no Content-Length to refuse it by). */
function sendChunked(
  server: http.Server,
  req: FuzzRequest,
  headers: Record<string, string>,
): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  const payload = Buffer.from(req.body.payload ?? '');
  return new Promise((resolve, reject) => {
    const out = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers, timeout: 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = {};
          try {
            body = JSON.parse(text) as unknown;
          } catch {
            // not JSON: checked by content type
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
        });
      },
    );
    // The server may answer (413) and close before the whole body is sent: a reset before the answer
    // is read leaves nothing to check (status 0, counted apart); anything else fails the request.
    out.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE')
        resolve({ status: 0, headers: {}, body: {}, text: `connection closed: ${err.code}` });
      else reject(err);
    });
    const size = Math.max(1, Math.ceil(payload.length / 4));
    for (let i = 0; i < payload.length; i += size) out.write(payload.subarray(i, i + size));
    out.end();
  });
}

function joinCookies(req: FuzzRequest, creds: Credentials, garbage: string): string {
  const own = req.identity === 'user' ? creds.userCookie : req.identity === 'admin' ? creds.adminCookie : '';
  return own ? `${garbage}; ${own}` : garbage;
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieOf(setCookie: string[] | string | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
