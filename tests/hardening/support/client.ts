/**
 * One fuzz request against the real app on a loopback socket, with what it wrote: the event store's
 * head and the sessions table before and after, and the events the request itself appended.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
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
}

export interface Credentials {
  userCookie: string;
  adminCookie: string;
  token: string;
  publicUrl: string;
}

export interface FuzzResponse {
  status: number;
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
  const agent = supertest(server);
  const method = req.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  // A fresh documentation-range address per request: per-IP limits stay out of the way.
  ipCounter += 1;
  let test = agent[method](req.url)
    .set('X-Request-Id', requestId)
    .set('X-Forwarded-For', `198.51.${(ipCounter >> 8) & 255}.${ipCounter & 255}`)
    .timeout({ response: 20_000, deadline: 30_000 })
    .ok(() => true);
  if (req.identity === 'user') test = test.set('Cookie', creds.userCookie);
  if (req.identity === 'admin') test = test.set('Cookie', creds.adminCookie);
  if (req.identity === 'token') test = test.set('Authorization', `Bearer ${creds.token}`);
  if (req.identity === 'bad-token') test = test.set('Authorization', `Bearer ${creds.token.slice(0, -2)}xx`);
  if (req.origin === 'same') test = test.set('Origin', creds.publicUrl);
  if (req.origin === 'foreign') test = test.set('Origin', 'https://evil.example');
  if (req.body.kind !== 'none' && req.body.payload !== undefined) {
    if (req.body.contentType !== undefined) test = test.set('Content-Type', req.body.contentType);
    test = test.send(req.body.payload);
  }

  const before = await snapshot(pool);
  const res = await test;
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
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body as unknown,
    text: res.text ?? '',
    ownEvents,
    appendedEvents: after.head - before.head,
    sessionsAdded: after.sessions - before.sessions,
    requestId,
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieOf(setCookie: string[] | string | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
