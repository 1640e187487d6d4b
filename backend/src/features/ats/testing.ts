/**
 * A local stand-in for the ATS hosts (tests only): one node:http server on 127.0.0.1 that answers
 * every vendor's paths for any board from recorded-format fixtures, with per-path overrides for
 * changed boards, 404s, 500s and malformed answers. Pass its `baseUrl` as a connector's base URL
 * (Recruitee: `${baseUrl}/recruitee/{board}`).
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

export function fixture(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as unknown;
}

export interface FixtureAnswer {
  status?: number;
  /** JSON-encoded unless a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FixtureAtsServer {
  baseUrl: string;
  /** Paths requested (with query), oldest first. */
  requests: string[];
  /** Answer `pathname` (no query) with this from now on; `null` restores the default. */
  set(pathname: string, answer: FixtureAnswer | null): void;
  close(): Promise<void>;
}

/** The default answer for a vendor path, for boards listed in `boards` (others 404). */
function defaultAnswer(pathname: string, boards: ReadonlySet<string>): FixtureAnswer {
  const board = (re: RegExp) => {
    const m = re.exec(pathname);
    return m && boards.has(decodeURIComponent(m[1]!)) ? decodeURIComponent(m[1]!) : null;
  };
  if (board(/^\/v1\/boards\/([^/]+)\/jobs$/)) return { body: fixture('greenhouse') };
  if (board(/^\/v0\/postings\/([^/]+)$/)) return { body: fixture('lever') };
  if (board(/^\/posting-api\/job-board\/([^/]+)$/)) return { body: fixture('ashby') };
  if (board(/^\/api\/accounts\/([^/]+)$/)) return { body: fixture('workable') };
  if (board(/^\/v1\/companies\/([^/]+)\/postings$/)) return { body: fixture('smartrecruiters-postings') };
  const detail = /^\/v1\/companies\/([^/]+)\/postings\/([^/]+)$/.exec(pathname);
  if (detail && boards.has(detail[1]!)) {
    try {
      return { body: fixture(`smartrecruiters-${detail[2]}`) };
    } catch {
      return { status: 404, body: { message: 'Posting not found' } };
    }
  }
  if (board(/^\/recruitee\/([^/]+)\/api\/offers$/)) return { body: fixture('recruitee') };
  if (pathname.startsWith('/v0/postings/'))
    return { status: 404, body: { ok: false, error: 'Document not found' } };
  return { status: 404, body: { error: 'Not found' } };
}

export async function startFixtureAtsServer({
  boards = ['acme'],
}: { boards?: string[] } = {}): Promise<FixtureAtsServer> {
  const overrides = new Map<string, FixtureAnswer>();
  const requests: string[] = [];
  const known = new Set(boards);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const answer = overrides.get(url.pathname) ?? defaultAnswer(url.pathname, known);
    // Lever pages with skip/limit: the fixture is one page, so any later page is empty.
    let body = answer.body;
    if (Array.isArray(body) && Number(url.searchParams.get('skip') ?? 0) > 0) body = [];
    res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body ?? null));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    set(pathname, answer) {
      if (answer) overrides.set(pathname, answer);
      else overrides.delete(pathname);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
