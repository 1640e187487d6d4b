/**
 * A local stand-in for the ATS hosts (tests only): one node:http server on 127.0.0.1 that answers
 * every vendor's paths from fixtures, with per-path overrides for changed boards, 404s, 500s and
 * malformed answers. Pass its `baseUrl` as a connector's base URL (Recruitee:
 * `${baseUrl}/recruitee/{board}`).
 *
 * - Boards listed in `boards` (default 'acme') answer the small invented examples in fixtures/.
 * - The boards of fixtures/real (vercel, spotify, linear, Ubisoft2...) answer the real responses
 *   saved there (fixtures/real/README.md); a posting's details, where none were captured, are its
 *   list entry (the detail endpoints' answers extend the list entries).
 * - Every other board is a 404 (SmartRecruiters: an empty list, as it answers).
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

export function fixture(name: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as unknown;
}

/** Real responses by vendor and board (fixtures/real/{file}.json). */
export const REAL_BOARDS = {
  greenhouse: { vercel: 'greenhouse/vercel', algolia: 'greenhouse/algolia' },
  lever: { spotify: 'lever/spotify', metabase: 'lever/metabase' },
  ashby: { linear: 'ashby/linear', airbyte: 'ashby/airbyte', ramp: 'ashby/ramp' },
  workable: { zego: 'workable/zego', huggingface: 'workable/hugging-face.jobs' },
  smartrecruiters: { Ubisoft2: 'smartrecruiters/ubisoft', Visa: 'smartrecruiters/visa' },
  recruitee: { channable: 'recruitee/channable', spring: 'recruitee/spring' },
} as const;

type Vendor = keyof typeof REAL_BOARDS;

export function realFixture(vendor: Vendor, board: string): unknown {
  const file = (REAL_BOARDS[vendor] as Record<string, string>)[board];
  if (!file) throw new Error(`No real fixture for ${vendor} board ${board}`);
  const body = fixture(`real/${file}`);
  // The saved Hugging Face answer is the account's `jobs` array only.
  return vendor === 'workable' && Array.isArray(body) ? { jobs: body } : body;
}

function hasReal(vendor: Vendor, board: string): boolean {
  return board in REAL_BOARDS[vendor];
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

const notFound: FixtureAnswer = { status: 404, body: { error: 'Not found' } };

/** A list's entry with this id, served as its details; 404 when the list has none. */
function entryAsDetail(list: unknown, key: string, id: string): FixtureAnswer {
  const entries = ((list as Record<string, unknown>)[key] ?? []) as { id?: unknown }[];
  const entry = entries.find((e) => String(e.id) === id);
  return entry ? { body: entry } : { status: 404, body: { message: 'Posting not found' } };
}

/** The default answer for a vendor path. */
function defaultAnswer(pathname: string, boards: ReadonlySet<string>): FixtureAnswer {
  const match = (re: RegExp) => re.exec(pathname)?.slice(1).map(decodeURIComponent) ?? null;

  const ghList = match(/^\/v1\/boards\/([^/]+)\/jobs$/);
  if (ghList) {
    const [board] = ghList as [string];
    if (hasReal('greenhouse', board)) return { body: realFixture('greenhouse', board) };
    return boards.has(board) ? { body: fixture('greenhouse') } : notFound;
  }
  const ghDetail = match(/^\/v1\/boards\/([^/]+)\/jobs\/([^/]+)$/);
  if (ghDetail) {
    const [board, id] = ghDetail as [string, string];
    if (hasReal('greenhouse', board)) return entryAsDetail(realFixture('greenhouse', board), 'jobs', id);
    if (!boards.has(board)) return notFound;
    try {
      return { body: fixture(`greenhouse-${id}`) };
    } catch {
      return { status: 404, body: { status: 404, error: 'Job not found' } };
    }
  }
  const leverList = match(/^\/v0\/postings\/([^/]+)$/);
  if (leverList) {
    const [board] = leverList as [string];
    if (hasReal('lever', board)) return { body: realFixture('lever', board) };
    return boards.has(board)
      ? { body: fixture('lever') }
      : { status: 404, body: { ok: false, error: 'Document not found' } };
  }
  const ashbyList = match(/^\/posting-api\/job-board\/([^/]+)$/);
  if (ashbyList) {
    const [board] = ashbyList as [string];
    if (hasReal('ashby', board)) return { body: realFixture('ashby', board) };
    return boards.has(board) ? { body: fixture('ashby') } : notFound;
  }
  const workableList = match(/^\/api\/accounts\/([^/]+)$/);
  if (workableList) {
    const [board] = workableList as [string];
    if (hasReal('workable', board)) return { body: realFixture('workable', board) };
    return boards.has(board) ? { body: fixture('workable') } : notFound;
  }
  const srList = match(/^\/v1\/companies\/([^/]+)\/postings$/);
  if (srList) {
    const [board] = srList as [string];
    if (hasReal('smartrecruiters', board)) return { body: realFixture('smartrecruiters', board) };
    if (boards.has(board)) return { body: fixture('smartrecruiters-postings') };
    return { body: { offset: 0, limit: 100, totalFound: 0, content: [] } };
  }
  const srDetail = match(/^\/v1\/companies\/([^/]+)\/postings\/([^/]+)$/);
  if (srDetail) {
    const [board, id] = srDetail as [string, string];
    if (hasReal('smartrecruiters', board))
      return entryAsDetail(realFixture('smartrecruiters', board), 'content', id);
    if (!boards.has(board)) return { status: 404, body: { message: 'Posting not found' } };
    try {
      return { body: fixture(`smartrecruiters-${id}`) };
    } catch {
      return { status: 404, body: { message: 'Posting not found' } };
    }
  }
  const recruiteeList = match(/^\/recruitee\/([^/]+)\/api\/offers$/);
  if (recruiteeList) {
    const [board] = recruiteeList as [string];
    if (hasReal('recruitee', board)) return { body: realFixture('recruitee', board) };
    return boards.has(board) ? { body: fixture('recruitee') } : notFound;
  }
  return notFound;
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
