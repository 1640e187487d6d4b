/**
 * ra-data-simple-rest's list conventions: `sort=["field","ASC"]`, `range=[0,24]` (inclusive) and
 * `filter={...}` as JSON query parameters; the answer is a JSON array with `Content-Range: jobs 0-24/319`,
 * exposed to scripts with Access-Control-Expose-Headers.
 */
import type Koa from 'koa';
import { badRequest } from '../../http/errors';
import { refuseUnstorableText } from '../../http/text-input';

export const MAX_PAGE_SIZE = 500;

export interface ListParams<Field extends string> {
  sort: { field: Field; order: 'asc' | 'desc' };
  /** Row offset and count (from the inclusive range). */
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

/** 400 naming the query parameter, in the message and in details. */
const invalidParam = (name: string, message: string) =>
  badRequest(`Invalid query parameter '${name}': ${message}`, [{ path: name, message }]);

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalidParam(name, 'give it once');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidParam(name, 'not JSON');
  }
  refuseUnstorableText(parsed, 'query parameter', name);
  return parsed;
}

/** The filter parameter alone (exports take the list's filters). */
export function parseFilter(query: Koa.Context['query']): Record<string, unknown> {
  const filter = parseJson('filter', query.filter) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw invalidParam('filter', 'must be a JSON object');
  return filter as Record<string, unknown>;
}

/**
 * Parses sort, range and filter. `sortable` maps the API's field names to SQL expressions; an
 * unknown sort field is a 400 (never interpolated).
 */
export function parseListParams<Field extends string>(
  query: Koa.Context['query'],
  sortable: Record<Field, string>,
  defaultSort: ListParams<Field>['sort'],
): ListParams<Field> {
  const sort = parseJson('sort', query.sort);
  let parsedSort = defaultSort;
  if (sort !== undefined) {
    // Own keys only: 'constructor' or 'toString' must not reach the ORDER BY.
    if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !Object.hasOwn(sortable, sort[0]))
      throw invalidParam('sort', `one of ${Object.keys(sortable).join(', ')}`);
    const order = String(sort[1] ?? 'ASC').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw invalidParam('sort', 'order ASC or DESC');
    parsedSort = { field: sort[0] as Field, order };
  }
  const range = parseJson('range', query.range) ?? [0, 24];
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && (n as number) >= 0) ||
    (range[1] as number) < (range[0] as number)
  )
    throw invalidParam('range', '[first, last] row numbers');
  const [first, last] = range as [number, number];
  return {
    sort: parsedSort,
    offset: first,
    limit: Math.min(last - first + 1, MAX_PAGE_SIZE),
    filter: parseFilter(query),
  };
}

/** Answers a list page with its Content-Range header. */
export function sendList(
  ctx: Koa.Context,
  resource: string,
  offset: number,
  rows: unknown[],
  total: number,
): void {
  const last = rows.length ? offset + rows.length - 1 : offset;
  ctx.set('Content-Range', `${resource} ${offset}-${last}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = rows;
}

/** Accumulates SQL conditions and their parameters ($1, $2, ... in order). */
export class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  /** Adds a condition; each `?` in it becomes the next parameter. */
  add(sql: string, ...values: unknown[]): this {
    let i = 0;
    this.conditions.push(
      sql.replace(/\?/g, () => {
        this.params.push(values[i++]);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  /** The next parameter's placeholder, for clauses after the WHERE (limit, offset, keyset). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  toSql(): string {
    return this.conditions.length ? `where ${this.conditions.join(' and ')}` : '';
  }
}

/** 400 naming the filter (`filter.status`), in the message and in details. */
export const invalidFilter = (key: string, message: string) =>
  badRequest(`Invalid filter '${key}': ${message}`, [{ path: `filter.${key}`, message }]);

/** A filter value as a string, or undefined when absent or empty. */
export function text(filter: Record<string, unknown>, key: string): string | undefined {
  const v = filter[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw invalidFilter(key, 'must be text or a number');
  return String(v).trim() || undefined;
}

/** A filter value as a boolean ('true'/'false' or a boolean), or undefined. */
export function bool(filter: Record<string, unknown>, key: string): boolean | undefined {
  const v = filter[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw invalidFilter(key, 'true or false');
}

/** A filter of ids (getMany sends `filter={"id":[...]}`), or undefined. */
export function ids(filter: Record<string, unknown>, key = 'id'): string[] | undefined {
  const v = filter[key];
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v : [v];
  return list.map(String);
}

/** Escapes LIKE wildcards in user text. */
export const likePattern = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** snake_case row → camelCase record. */
export function camel<T = Record<string, unknown>>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out as T;
}
