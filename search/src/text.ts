import type { JobSearchDocument, JobSearchQuery } from '@jobs/contracts';

/** Lower-case, trimmed, inner whitespace collapsed: the key that makes terms and filter values case-insensitive. */
export function normalizeKey(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Words for full-text matching: lower-cased, accents stripped, everything that is not a letter or digit is a separator.
 * `c++` and `c#` keep their identity as `cpp` and `csharp`. Documents and queries go through the same function,
 * so the PostgreSQL parser only ever sees plain alphanumeric words and both sides agree on tokens.
 */
export function searchWords(value: string): string[] {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\+\+/g, 'pp ')
    .replace(/#/g, 'sharp ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
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
