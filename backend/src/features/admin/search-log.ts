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
 * Searches counted in memory since the last write, per pool: a popular term asked thousands of times a
 * second would otherwise update the same row thousands of times a second (one row lock, one WAL record each).
 */
interface Tally {
  counts: Map<string, { searches: number; zero: number }>;
  onError: Set<(err: unknown) => void>;
  timer: NodeJS.Timeout | null;
}
const tallies = new WeakMap<pg.Pool, Tally>();
/** How long counts wait in memory before one write adds them all (a crash loses at most this much). */
export const SEARCH_LOG_FLUSH_MS = 2000;

function writeTally(pool: pg.Pool): void {
  const tally = tallies.get(pool);
  if (!tally || tally.counts.size === 0) return;
  if (tally.timer) clearTimeout(tally.timer);
  tallies.delete(pool);
  const rows = [...tally.counts].map(([term, c]) => ({ term, searches: c.searches, zero: c.zero }));
  const writes = pending.get(pool) ?? new Set<Promise<void>>();
  pending.set(pool, writes);
  const write: Promise<void> = ensureSearchLog(pool)
    .then(() =>
      pool.query(
        `insert into search_terms_daily (day, term, searches, zero_result_searches)
         select (now() at time zone 'UTC')::date, t.term, t.searches, t.zero
         from jsonb_to_recordset($1::jsonb) as t(term text, searches integer, zero integer)
         order by t.term
         on conflict (day, term) do update set
           searches = search_terms_daily.searches + excluded.searches,
           zero_result_searches = search_terms_daily.zero_result_searches + excluded.zero_result_searches`,
        [JSON.stringify(rows)],
      ),
    )
    .then(
      () => undefined,
      (err: unknown) => {
        for (const report of tally.onError) report(err);
      },
    )
    .finally(() => writes.delete(write));
  writes.add(write);
}

/**
 * Fire and forget from a request: a failed log write never fails or slows the search. The search is
 * counted in memory and written with the others of the next SEARCH_LOG_FLUSH_MS (one statement); a
 * caller that has the response in hand can make it written at once with flushSearchLog.
 */
export function recordSearchInBackground(
  pool: pg.Pool,
  entry: SearchLogEntry,
  onError: (err: unknown) => void = () => undefined,
): void {
  const term = normaliseTerm(entry.text);
  if (!term || (entry.page ?? 1) > 1) return;
  let tally = tallies.get(pool);
  if (!tally) {
    tally = { counts: new Map(), onError: new Set(), timer: null };
    tallies.set(pool, tally);
    tally.timer = setTimeout(() => writeTally(pool), SEARCH_LOG_FLUSH_MS);
    tally.timer.unref();
  }
  const c = tally.counts.get(term) ?? { searches: 0, zero: 0 };
  c.searches += 1;
  if (entry.resultCount === 0) c.zero += 1;
  tally.counts.set(term, c);
  tally.onError.add(onError);
}

/**
 * Writes the searches counted so far and resolves once every log write started on this pool before or
 * during the call has finished (failed writes included: they were reported to onError). For tests and
 * for a graceful shutdown that wants the last searches counted; requests never wait on it.
 */
export async function flushSearchLog(pool: pg.Pool): Promise<void> {
  writeTally(pool);
  const writes = pending.get(pool);
  while (writes && writes.size > 0) await Promise.allSettled([...writes]);
}
