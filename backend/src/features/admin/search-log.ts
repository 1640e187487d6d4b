/**
 * Search-term logging for the admin's analytics: per UTC day and normalised term, how many searches
 * and how many found nothing. No personal data: no IP, no user, no time finer than the day.
 * Not an event-sourced read model (searches are not business facts); the table is created on first use.
 */
import type pg from 'pg';

export interface SearchLogEntry {
  text: string | undefined;
  resultCount: number;
  /** Only a first page counts: scrolling a feed is not a new search. */
  page?: number;
}

const MAX_TERM_LENGTH = 100;
const ready = new WeakMap<pg.Pool, Promise<void>>();

/** Creates the table once per pool. */
export function ensureSearchLog(pool: pg.Pool): Promise<void> {
  let done = ready.get(pool);
  if (!done) {
    done = pool
      .query(
        `create table if not exists search_terms_daily (
           day date not null,
           term text not null,
           searches integer not null,
           zero_result_searches integer not null,
           primary key (day, term)
         )`,
      )
      .then(() => undefined);
    done.catch(() => ready.delete(pool));
    ready.set(pool, done);
  }
  return done;
}

/** Lower case, single spaces, at most 100 characters; empty means no text search to log. */
export function normaliseTerm(text: string | undefined): string {
  return (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, MAX_TERM_LENGTH);
}

export async function recordSearch(pool: pg.Pool, entry: SearchLogEntry): Promise<void> {
  const term = normaliseTerm(entry.text);
  if (!term || (entry.page ?? 1) > 1) return;
  await ensureSearchLog(pool);
  await pool.query(
    `insert into search_terms_daily (day, term, searches, zero_result_searches)
     values ((now() at time zone 'UTC')::date, $1, 1, $2)
     on conflict (day, term) do update set
       searches = search_terms_daily.searches + 1,
       zero_result_searches = search_terms_daily.zero_result_searches + excluded.zero_result_searches`,
    [term, entry.resultCount === 0 ? 1 : 0],
  );
}

/** Log writes started in the background and not yet finished, per pool (see flushSearchLog). */
const pending = new WeakMap<pg.Pool, Set<Promise<void>>>();

/**
 * Fire and forget from a request: a failed log write never fails or slows the search.
 * The write is registered before this returns, so a caller that has the response in hand
 * can wait for it with flushSearchLog.
 */
export function recordSearchInBackground(
  pool: pg.Pool,
  entry: SearchLogEntry,
  onError: (err: unknown) => void = () => undefined,
): void {
  const writes = pending.get(pool) ?? new Set<Promise<void>>();
  pending.set(pool, writes);
  const write: Promise<void> = recordSearch(pool, entry)
    .catch(onError)
    .finally(() => writes.delete(write));
  writes.add(write);
}

/**
 * Resolves once every background log write started on this pool before or during the call has
 * finished (failed writes included: they were reported to onError). For tests and for a graceful
 * shutdown that wants the last searches counted; requests never wait on it.
 */
export async function flushSearchLog(pool: pg.Pool): Promise<void> {
  const writes = pending.get(pool);
  while (writes && writes.size > 0) await Promise.allSettled([...writes]);
}
