/**
 * Search-term logging for the admin's analytics: per UTC day and normalised term, how many people searched
 * for it and how many of them found nothing.
 *
 * What counts is the term a person settled on, not every prefix the feed fetched while they typed (the feed
 * asks at each keystroke: 'e', 'en', 'eng' …). Only the site knows when its visitor stopped typing and read
 * the results, so it reports that search (POST /api/searches, search-report.ts); the feed endpoint counts
 * nothing. The server decides what a report is worth: one visitor counts once per term and day (a refresh, a
 * second tab or the 120 s new-jobs poll re-reporting it changes nothing), and at most
 * MAX_TERMS_PER_VISITOR_PER_DAY terms a day, so one address cannot fill the lists. A visitor is a keyed hash
 * of the client address that changes every day (search-visitor.ts); it lives in
 * `search_term_visitors` for two days at most, only to count each visitor once, and is never shown.
 * Not an event-sourced read model (searches are not business facts); the tables are created on first use.
 */
import type pg from 'pg';

export interface SearchLogEntry {
  text: string | undefined;
  resultCount: number;
  /** Who searched, as search-visitor.ts hashes it: each visitor counts once per term and day. */
  visitor: string;
}

const MAX_TERM_LENGTH = 100;
/** Distinct terms one visitor adds to a day's counts at most. */
export const MAX_TERMS_PER_VISITOR_PER_DAY = 30;
const ready = new WeakMap<pg.Pool, Promise<void>>();

/** Creates the tables once per pool. */
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
         );
         create table if not exists search_term_visitors (
           day date not null,
           visitor text not null,
           term text not null,
           primary key (day, visitor, term)
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

/** Log writes started in the background and not yet finished, per pool (see flushSearchLog). */
const pending = new WeakMap<pg.Pool, Set<Promise<void>>>();

/**
 * Searches waiting in memory since the last write, per pool: a popular term asked thousands of times a second
 * would otherwise update the same row thousands of times a second (one row lock, one WAL record each).
 * Keyed by visitor and term: a visitor's repeats are one search before they reach the database.
 */
interface Tally {
  entries: Map<string, { term: string; visitor: string; zero: boolean }>;
  onError: Set<(err: unknown) => void>;
  timer: NodeJS.Timeout | null;
}
const tallies = new WeakMap<pg.Pool, Tally>();
/** How long searches wait in memory before one write adds them all (a crash loses at most this much). */
export const SEARCH_LOG_FLUSH_MS = 2000;

/**
 * One statement: each (visitor, term) not yet counted today and within the visitor's daily allowance goes
 * into search_term_visitors; the rows that went in are added to search_terms_daily. Visitors of days before
 * yesterday are forgotten on the way.
 */
const WRITE_SQL = `
  with today as (select (now() at time zone 'UTC')::date as day),
  forgotten as (delete from search_term_visitors where day < (select day from today) - 1),
  entries as (
    select e.term, e.visitor, e.zero
    from jsonb_to_recordset($1::jsonb) as e(term text, visitor text, zero boolean), today
    where not exists (
      select 1 from search_term_visitors v
      where v.day = today.day and v.visitor = e.visitor and v.term = e.term)
  ),
  allowed as (
    select e.*, row_number() over (partition by e.visitor order by e.term) as nth,
           (select count(*) from search_term_visitors v, today
            where v.day = today.day and v.visitor = e.visitor) as before
    from entries e
  ),
  counted as (
    insert into search_term_visitors (day, visitor, term)
    select today.day, a.visitor, a.term from allowed a, today
    where a.before + a.nth <= $2
    order by a.visitor, a.term
    on conflict do nothing
    returning visitor, term
  )
  insert into search_terms_daily (day, term, searches, zero_result_searches)
  select today.day, c.term, count(*), count(*) filter (where a.zero)
  from counted c join allowed a using (visitor, term), today
  group by today.day, c.term
  order by c.term
  on conflict (day, term) do update set
    searches = search_terms_daily.searches + excluded.searches,
    zero_result_searches = search_terms_daily.zero_result_searches + excluded.zero_result_searches`;

function writeTally(pool: pg.Pool): void {
  const tally = tallies.get(pool);
  if (!tally || tally.entries.size === 0) return;
  if (tally.timer) clearTimeout(tally.timer);
  tallies.delete(pool);
  const rows = [...tally.entries.values()];
  const writes = pending.get(pool) ?? new Set<Promise<void>>();
  pending.set(pool, writes);
  const write: Promise<void> = ensureSearchLog(pool)
    .then(() => pool.query(WRITE_SQL, [JSON.stringify(rows), MAX_TERMS_PER_VISITOR_PER_DAY]))
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
 * Fire and forget from a request: a failed log write never fails or slows anything. The search waits in
 * memory and is written with the others of the next SEARCH_LOG_FLUSH_MS (one statement); a caller that has
 * the response in hand can make it written at once with flushSearchLog.
 */
export function recordSearchInBackground(
  pool: pg.Pool,
  entry: SearchLogEntry,
  onError: (err: unknown) => void = () => undefined,
): void {
  const term = normaliseTerm(entry.text);
  if (!term) return;
  let tally = tallies.get(pool);
  if (!tally) {
    tally = { entries: new Map(), onError: new Set(), timer: null };
    tallies.set(pool, tally);
    tally.timer = setTimeout(() => writeTally(pool), SEARCH_LOG_FLUSH_MS);
    tally.timer.unref();
  }
  const key = `${entry.visitor}\u0000${term}`;
  if (!tally.entries.has(key))
    tally.entries.set(key, { term, visitor: entry.visitor, zero: entry.resultCount === 0 });
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
