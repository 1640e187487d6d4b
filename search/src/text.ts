import type { JobSearchDocument, JobSearchQuery } from '@jobs/contracts';

/** Lower-case, trimmed, inner whitespace collapsed: the key that makes terms and filter values case-insensitive. */
export function normalizeKey(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A regular expression (the same source reads the same in JavaScript and PostgreSQL) that finds any of the names
 * as whole words in a lower-case location: 'us' in 'remote (us or canada)', not in 'australia'.
 */
export function wholeWordsPattern(names: readonly string[]): string {
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(^|[^a-z0-9])(${escaped.join('|')})($|[^a-z0-9])`;
}

/**
 * Words for full-text matching: lower-cased, accents stripped, everything that is not a letter or digit is a separator.
 * `c++` and `c#` keep their identity as `cpp` and `csharp`. Documents and queries go through the same function,
 * so the PostgreSQL parser only ever sees plain alphanumeric words and both sides agree on tokens.
 */
export function searchWords(value: string): string[] {
  // Lower-cased whole first: casing can depend on neighbours (a final Greek sigma), so it is not done per piece.
  const lower = value.toLowerCase();
  if (ASCII.test(lower)) return asciiWords(lower);
  // Mostly ASCII with a few other characters (’, –, é): split at ASCII separators (never part of a word, and they
  // change nothing around them in the steps below) and send only the runs holding other characters the Unicode way.
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    if (c >= 128 || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 35) continue;
    if (i > start) {
      const run = lower.slice(start, i);
      for (const w of ASCII.test(run) ? asciiWords(run) : unicodeWords(run)) out.push(w);
    }
    start = i + 1;
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-cased text with other than ASCII characters: accents off (NFKD, marks dropped), then split. */
function unicodeWords(lower: string): string[] {
  return lower
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\+\+/g, 'pp ')
    .replace(/#/g, 'sharp ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * The same words for lower-cased ASCII text in one pass (most postings are ASCII; the regular expressions above cost a
 * third of the embedded index's build time): letters and digits kept, `++` and `#` spelled out, anything else splits.
 */
function asciiWords(lower: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
      continue;
    }
    const plusPlus = c === 43 && lower.charCodeAt(i + 1) === 43;
    if (plusPlus || c === 35) {
      out.push((start >= 0 ? lower.slice(start, i) : '') + (plusPlus ? 'pp' : 'sharp'));
      start = -1;
      if (plusPlus) i++;
      continue;
    }
    if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) out.push(lower.slice(start));
  return out;
}

/**
 * `searchWords` without making a string of each word: calls `run(text, start, end, suffix)` for each word that is
 * `text.slice(start, end) + suffix` (ASCII text, cut in place; the suffix spells out `++` and `#`) and `word(w)`
 * for each word made the Unicode way, in the same order. For a caller that only looks words up (the embedded
 * index's build, tokens.ts): most words are already known, so no string need be made for them.
 */
export function scanSearchWords(
  value: string,
  run: (text: string, start: number, end: number, suffix: '' | 'pp' | 'sharp') => void,
  word: (w: string) => void,
): void {
  const lower = value.toLowerCase();
  if (ASCII.test(lower)) {
    scanAscii(lower, 0, lower.length, run);
    return;
  }
  let start = 0;
  // Whether the piece since `start` holds a character beyond ASCII (only such a piece is made a string).
  let wide = false;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    if (c >= 128) {
      wide = true;
      continue;
    }
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 35) continue;
    if (i > start) {
      if (!wide) scanAscii(lower, start, i, run);
      else for (const w of unicodeWords(lower.slice(start, i))) word(w);
    }
    start = i + 1;
    wide = false;
  }
}

/** `asciiWords` of `lower[from, to)`, as ranges. */
function scanAscii(
  lower: string,
  from: number,
  to: number,
  run: (text: string, start: number, end: number, suffix: '' | 'pp' | 'sharp') => void,
): void {
  let start = -1;
  for (let i = from; i < to; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
      continue;
    }
    const plusPlus = c === 43 && i + 1 < to && lower.charCodeAt(i + 1) === 43;
    if (plusPlus || c === 35) {
      run(lower, start >= 0 ? start : i, i, plusPlus ? 'pp' : 'sharp');
      start = -1;
      if (plusPlus) i++;
      continue;
    }
    if (start >= 0) {
      run(lower, start, i, '');
      start = -1;
    }
  }
  if (start >= 0) run(lower, start, to, '');
}

export function searchText(value: string): string {
  return searchWords(value).join(' ');
}

export type SuggestionKind = 'title' | 'company' | 'skill';

export interface SuggestionTerm {
  key: string;
  term: string;
  kind: SuggestionKind;
}

/** The distinct suggestion terms a document contributes: its title, its company and each skill. */
export function suggestionTerms(
  doc: Pick<JobSearchDocument, 'title' | 'company' | 'skills'>,
): SuggestionTerm[] {
  const byKey = new Map<string, SuggestionTerm>();
  const add = (raw: string, kind: SuggestionKind) => {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = term.toLowerCase();
    if (key && !byKey.has(key)) byKey.set(key, { key, term, kind });
  };
  add(doc.title, 'title');
  add(doc.company, 'company');
  for (const skill of doc.skills) add(skill, 'skill');
  return [...byKey.values()];
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_SUGGESTION_LIMIT = 8;

/** Page and page size made safe: page >= 1, 1 <= pageSize <= MAX_PAGE_SIZE. */
export function paging(q: Pick<JobSearchQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(q.pageSize) || 1));
  const page = Math.max(1, Math.floor(q.page) || 1);
  return { limit, offset: (page - 1) * limit };
}

/** Keeps the last document of each id, so a batch with the same id twice behaves like two upserts in order. */
export function lastById(docs: JobSearchDocument[]): JobSearchDocument[] {
  const byId = new Map<string, JobSearchDocument>();
  for (const doc of docs) {
    byId.delete(doc.id);
    byId.set(doc.id, doc);
  }
  return [...byId.values()];
}

/** Locations that say the job can be done from anywhere. */
export const WORLDWIDE_PATTERN = /worldwide|anywhere/i;
