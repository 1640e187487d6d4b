/**
 * What every ATS connector shares: the `fetchBoard` contract, the error taxonomy the bot acts on,
 * and one JSON fetch with a timeout, retries with back-off on 429/5xx, and zod validation.
 *
 * The error classes matter more than the happy path: a board-level 404 (BoardNotFoundError), a
 * transient failure (RetryableAtsError) and an answer we do not understand (MalformedResponseError)
 * all mean "we do not know what is on the board", never "the board is empty".
 */
import type { z } from 'zod';
import { IngestItemPosted, type AtsKind, type SyncErrorKind, type SyncProblem } from '@jobs/contracts';
import { countryByName, htmlToText, resolvePlace, sanitiseHtml } from '../../jobs/normalise';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface FetchBoardContext {
  fetch: FetchLike;
  /** The ATS API origin; the vendor's host when absent. Recruitee's may hold `{board}`. */
  baseUrl?: string | null;
  signal?: AbortSignal;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** Extra attempts after a 429/5xx/network error (default 2). */
  retries?: number;
  /** First back-off delay, doubled per attempt; a Retry-After header wins (default 1000 ms). */
  retryBaseMs?: number;
  /** The company name to put on the jobs (the source's); else the board's own name, else the board token. */
  company?: string;
  /** Only list the board (no per-posting detail requests): enough for checks and discovery. */
  summaryOnly?: boolean;
}

/** A posting left out (`rejected`) or posted without a part (`degraded`), with the reason. */
export type BoardProblem = SyncProblem;

export interface BoardResult {
  /** The company name the board itself gives, when it gives one. */
  company?: string;
  jobs: IngestItemPosted[];
  /** One entry per posting rejected or degraded alone (the rest of the board is in `jobs`). */
  problems: BoardProblem[];
}

export interface Connector {
  kind: AtsKind;
  /** The vendor's API origin (documented default). */
  defaultBaseUrl: string;
  fetchBoard(board: string, ctx: FetchBoardContext): Promise<BoardResult>;
}

export abstract class AtsError extends Error {
  abstract readonly kind: SyncErrorKind;
}

/** The token or slug is wrong, or the board is gone (HTTP 404 on the board itself). */
export class BoardNotFoundError extends AtsError {
  readonly kind = 'board_not_found' as const;
  constructor(readonly url: string) {
    super(`Board not found (404): ${url}`);
    this.name = 'BoardNotFoundError';
  }
}

/** 429, 5xx, a timeout or a network failure: try again later. */
export class RetryableAtsError extends AtsError {
  readonly kind = 'retryable' as const;
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'RetryableAtsError';
  }
}

/** Not JSON, or not the shape the vendor documents. Never read as "no jobs". */
export class MalformedResponseError extends AtsError {
  readonly kind = 'malformed' as const;
  constructor(message: string) {
    super(message);
    this.name = 'MalformedResponseError';
  }
}

/** Any other HTTP failure (401, 403, 410...). */
export class AtsHttpError extends AtsError {
  readonly kind = 'http' as const;
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AtsHttpError';
  }
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_BASE_MS = 1_000;
const MAX_RETRY_WAIT_MS = 60_000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** One GET, classified: the parsed JSON or an AtsError. */
async function getOnce(url: string, ctx: FetchBoardContext, notFoundIsBoard: boolean): Promise<unknown> {
  const timeout = AbortSignal.timeout(ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await ctx.fetch(url, { headers: { Accept: 'application/json' }, signal });
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    const timedOut = timeout.aborted;
    throw new RetryableAtsError(
      timedOut
        ? `Timed out after ${ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms: ${url}`
        : `Network error: ${(err as Error).message}`,
      null,
    );
  }
  if (res.status === 404 && notFoundIsBoard) {
    await res.body?.cancel();
    throw new BoardNotFoundError(url);
  }
  if (res.status === 429 || res.status >= 500) {
    await res.body?.cancel();
    throw new RetryableAtsError(
      `HTTP ${res.status}: ${url}`,
      res.status,
      retryAfterMs(res.headers.get('retry-after')),
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new AtsHttpError(`HTTP ${res.status}: ${url}`, res.status);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new RetryableAtsError(`Reading the answer failed: ${(err as Error).message}`, res.status);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MalformedResponseError(`Not JSON (${text.slice(0, 60).replace(/\s+/g, ' ')}...): ${url}`);
  }
}

/**
 * GETs JSON and validates it with `schema`. 429/5xx/timeouts are retried with exponential back-off
 * (honouring Retry-After, capped at a minute); a 404 is BoardNotFoundError when `notFoundIsBoard`.
 */
export async function getJson<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  ctx: FetchBoardContext,
  { notFoundIsBoard = true }: { notFoundIsBoard?: boolean } = {},
): Promise<z.output<Schema>> {
  const retries = ctx.retries ?? DEFAULT_RETRIES;
  const base = ctx.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const json = await getOnce(url, ctx, notFoundIsBoard);
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new MalformedResponseError(
          `Unexpected answer at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'} (${url})`,
        );
      }
      return parsed.data;
    } catch (err) {
      if (!(err instanceof RetryableAtsError) || attempt >= retries) throw err;
      const wait = Math.min(err.retryAfterMs ?? base * 2 ** attempt, MAX_RETRY_WAIT_MS);
      await sleep(wait, ctx.signal);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Mapping helpers
// ---------------------------------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Undoes one level of HTML escaping (Greenhouse escapes its HTML content once more). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The description, or a one-line stand-in: the ingestion API needs some HTML. */
export function descriptionOr(html: string | null | undefined, title: string): string {
  return html && html.trim() ? html : `<p>${escapeHtml(title)}</p>`;
}

/** An absolute http(s) URL, or null. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** ISO 8601 from an ISO string, a date or epoch milliseconds; null when unreadable. */
export function isoDate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  // Recruitee writes '2026-01-12 09:15:00 UTC'.
  const text =
    typeof value === 'string'
      ? value.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(:\d{2})?) UTC$/, '$1T$2Z')
      : value;
  const ms = typeof text === 'number' ? text : Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** Non-empty trimmed text or null. */
export function textOrNull(value: string | null | undefined): string | null {
  const t = value?.trim();
  return t ? t : null;
}

export function baseOf(connector: Pick<Connector, 'defaultBaseUrl'>, ctx: FetchBoardContext): string {
  return (ctx.baseUrl || connector.defaultBaseUrl).replace(/\/+$/, '');
}

// ---------------------------------------------------------------------------------------------
// One posting at a time: a malformed posting is rejected alone, an odd value degrades it alone
// ---------------------------------------------------------------------------------------------

/** Collects what was wrong with one posting while it is mapped. */
export interface Notes {
  /** The posting is kept; `message` says what was left out and why. */
  degrade(message: string): void;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(posting)'}: ${issue.message}` : 'invalid posting';
}

function rawText(raw: unknown, keys: readonly string[]): string | null {
  if (raw === null || typeof raw !== 'object') return null;
  for (const k of keys) {
    const v = (raw as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 300);
    if (typeof v === 'number') return String(v);
  }
  return null;
}

/**
 * Validates and maps each raw posting on its own. A posting that does not match `schema`, that the
 * mapping throws on, or whose item the ingestion API would refuse is left out with a problem naming
 * the field; `map` may return null to skip a posting on purpose (Ashby's unlisted ones) and call
 * `notes.degrade` for a value it had to drop.
 */
export function mapPostings<Schema extends z.ZodType>(
  raws: readonly unknown[],
  schema: Schema,
  {
    idKeys,
    titleKeys,
    map,
  }: {
    idKeys: readonly string[];
    titleKeys: readonly string[];
    map: (posting: z.output<Schema>, notes: Notes) => IngestItemPosted | null;
  },
): { jobs: IngestItemPosted[]; problems: BoardProblem[] } {
  const jobs: IngestItemPosted[] = [];
  const problems: BoardProblem[] = [];
  for (const raw of raws) {
    const externalId = rawText(raw, idKeys);
    const title = rawText(raw, titleKeys);
    const reject = (message: string) => problems.push({ externalId, title, action: 'rejected', message });
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      reject(`Malformed posting, ${firstIssue(parsed.error)}`);
      continue;
    }
    const degraded: string[] = [];
    let item: IngestItemPosted | null;
    try {
      item = map(parsed.data, { degrade: (message) => degraded.push(message) });
    } catch (err) {
      reject(`Could not read the posting: ${(err as Error).message}`);
      continue;
    }
    if (!item) continue;
    const valid = IngestItemPosted.safeParse(item);
    if (!valid.success) {
      reject(`Not a valid job, ${firstIssue(valid.error)}`);
      continue;
    }
    jobs.push(item);
    for (const message of degraded)
      problems.push({ externalId: item.externalId, title: item.title, action: 'degraded', message });
  }
  // Every posting refused is the vendor's format changing under us, not a board of bad postings:
  // fail the pull (nothing is closed) rather than sync a board we cannot read.
  const rejected = problems.filter((p) => p.action === 'rejected');
  if (raws.length > 0 && rejected.length === raws.length)
    throw new MalformedResponseError(
      `Every posting on the board is unreadable (${raws.length}); the first: ${rejected[0]!.message}`,
    );
  return { jobs, problems };
}

/** The array under `key` of a board answer, or MalformedResponseError: postings are checked one by one. */
export function postingsOf(answer: unknown, key: string | null, url: string): unknown[] {
  const list = key === null ? answer : (answer as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(list))
    throw new MalformedResponseError(`Unexpected answer at ${key ?? '(root)'}: expected an array (${url})`);
  return list;
}

/**
 * ISO alpha-2 codes for what an ATS gives as countries ('IN', 'gb', 'United States', 'USA').
 * Regions ('European Union', 'EMEA') are not countries and are left to the location text; anything
 * else unknown is dropped with a note.
 */
export function countryCodes(values: readonly (string | null | undefined)[], notes: Notes): string[] {
  const codes: string[] = [];
  for (const value of values) {
    const text = value?.trim();
    if (!text) continue;
    const code = countryByName(text)?.code ?? resolvePlace(text).country;
    if (code) {
      if (!codes.includes(code)) codes.push(code);
    } else if (resolvePlace(text).continent === null) {
      notes.degrade(`Country '${text}' is not one we know; left out`);
    }
  }
  return codes;
}

/** ISO 8601 from an ATS date, or null with a note when the ATS gave a value that is not a date. */
export function dateOrNote(
  value: string | number | null | undefined,
  field: string,
  notes: Notes,
): string | null {
  const date = isoDate(value);
  if (date === null && value !== null && value !== undefined && value !== '')
    notes.degrade(`${field} '${String(value).slice(0, 40)}' is not a date; the time of the sync is used`);
  return date;
}

/**
 * The description, or a one-line stand-in (with a note) when the ATS gave none or gave HTML with no
 * readable text once cleaned (only scripts, styles, empty tags).
 */
export function descriptionOrNote(html: string | null | undefined, title: string, notes: Notes): string {
  if (!html?.trim()) {
    notes.degrade('No description; the title stands in');
    return descriptionOr(null, title);
  }
  if (!htmlToText(sanitiseHtml(html)).trim()) {
    notes.degrade('The description has no readable text once cleaned; the title stands in');
    return descriptionOr(null, title);
  }
  return html;
}

/** Our workplace for an ATS wording, null for "unspecified"; an unknown wording is noted and dropped. */
export function workplaceOrNote(value: string | null | undefined, field: string, notes: Notes) {
  const key = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (!key || key === 'unspecified' || key === 'none' || key === 'notspecified') return null;
  if (key === 'remote' || key === 'fullyremote' || key === 'remoteonly') return 'remote' as const;
  if (key === 'hybrid') return 'hybrid' as const;
  if (key === 'onsite' || key === 'inoffice' || key === 'office' || key === 'officebased')
    return 'on-site' as const;
  notes.degrade(
    `${field} '${String(value).slice(0, 40)}' is not a workplace we know; left to the location text`,
  );
  return null;
}

/** Stops paging when a page brings nothing new: a board that ignores offset/skip answers the same page. */
export class PageGuard<T> {
  private readonly seen = new Set<string>();
  readonly items: T[] = [];
  repeatedPages = 0;
  constructor(private readonly idOf: (item: T) => string) {}
  /** Adds a page's new items; false when the page had items but none new. */
  add(page: readonly T[]): boolean {
    let fresh = 0;
    for (const item of page) {
      const id = this.idOf(item);
      if (this.seen.has(id)) continue;
      this.seen.add(id);
      this.items.push(item);
      fresh += 1;
    }
    if (page.length > 0 && fresh === 0) this.repeatedPages += 1;
    return page.length === 0 || fresh > 0;
  }
}
