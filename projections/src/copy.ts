import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Bulk writes with COPY (issue 26): a rebuild writes its rows in PostgreSQL's COPY text format instead of one large
 * JSON parameter per page (`jsonb_populate_recordset`), which both sides spent most of their time encoding and parsing.
 * Values are encoded the way PostgreSQL's own input functions read them, so a row is stored exactly as the live path's
 * statements store it.
 */

/** A value as the column's input function reads it; `array` for a one-dimensional text or number array. */
export type CopyValue =
  string | number | boolean | null | undefined | Date | readonly (string | number | null)[];

/** A column and, for a jsonb column, `json: true` (the value is serialised with JSON.stringify). */
export interface CopyColumn {
  name: string;
  json?: boolean;
}

function escapeCopy(text: string): string {
  // Only these four characters are special in COPY's text format.
  return /[\\\n\r\t]/.test(text)
    ? text.replace(/[\\\n\r\t]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
      )
    : text;
}

function arrayLiteral(values: readonly (string | number | null)[]): string {
  const parts = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'number') return String(v);
    return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  });
  return `{${parts.join(',')}}`;
}

/** One field of a COPY text row. */
export function copyField(value: unknown, json = false): string {
  if (value === null || value === undefined) return '\\N';
  if (json) return escapeCopy(JSON.stringify(value));
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(value) : value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return escapeCopy(arrayLiteral(value as (string | number | null)[]));
  throw new Error(`copyField: cannot encode ${typeof value}`);
}

/**
 * Writes `rows` into `table` with `COPY table (columns) FROM STDIN` on `client` (inside its transaction). Each row
 * holds the columns' values in order. Encoded in slices of a few hundred rows, so a page of thousands of jobs never
 * sits in memory twice as one string.
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly CopyColumn[],
  rows: Iterable<readonly unknown[]>,
): Promise<void> {
  const names = columns.map((c) => client.escapeIdentifier(c.name)).join(', ');
  const stream = client.query(copyFrom(`copy ${client.escapeIdentifier(table)} (${names}) from stdin`));
  const json = columns.map((c) => c.json === true);
  function* lines(): Generator<string> {
    let chunk = '';
    let n = 0;
    for (const row of rows) {
      let line = '';
      for (let i = 0; i < json.length; i++) {
        if (i > 0) line += '\t';
        line += copyField(row[i], json[i]);
      }
      chunk += `${line}\n`;
      if (++n === 200) {
        yield chunk;
        chunk = '';
        n = 0;
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), stream);
}
