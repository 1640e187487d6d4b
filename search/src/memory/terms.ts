import { Postings } from './postings';

/**
 * The term dictionary of the embedded index: every word of every document, each with its postings over all
 * fields and, for ranking, over the title, the company and skills, and the location. Terms are also kept in
 * sorted order, which serves as an implicit trie: a prefix is a range found by binary search, and typo
 * derivations are a depth-first walk of that range with a Levenshtein row per depth (the way Meilisearch walks its
 * FST with a Levenshtein automaton).
 */
export interface TermEntry {
  term: string;
  all: Postings;
  title: Postings | null;
  companySkills: Postings | null;
  location: Postings | null;
  /** Maintained prefix sets whose prefix this term starts with (each new document of the term sets its bit there). */
  prefixSets: PrefixSet[] | null;
  /** The last document that counted this term (indexing counts each term once per document). */
  stamp: number;
}

export interface PrefixSet {
  prefix: string;
  bits: Uint32Array;
  /** Query clock of its last use: the least recently used set goes first when the budget is spent. */
  usedAt: number;
}

/** A term a query word stands for, with the typos it took (0: the word itself or, for the last word, a prefix). */
export interface Derivation {
  entry: TermEntry;
  typos: number;
}

/** Meilisearch's defaults: one typo from 5 letters, two from 9. */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** At most this many derivations with one typo, and with two (Meilisearch limits its derivations alike). */
export const MAX_ONE_TYPO = 150;
export const MAX_TWO_TYPOS = 50;

export class Dictionary {
  private readonly byTerm = new Map<string, TermEntry>();
  private sorted: string[] = [];
  private pending: string[] = [];

  get size(): number {
    return this.byTerm.size;
  }

  get(term: string): TermEntry | undefined {
    return this.byTerm.get(term);
  }

  /** The entry of a term, created (with no postings) when new; `created` says which. */
  ensure(term: string): TermEntry {
    let entry = this.byTerm.get(term);
    if (!entry) {
      entry = {
        term,
        all: new Postings(),
        title: null,
        companySkills: null,
        location: null,
        prefixSets: null,
        stamp: -1,
      };
      this.byTerm.set(term, entry);
      this.pending.push(term);
    }
    return entry;
  }

  entries(): IterableIterator<TermEntry> {
    return this.byTerm.values();
  }

  /** Drops terms that no longer have any posting (after a compaction). */
  prune(isEmpty: (entry: TermEntry) => boolean): number {
    let dropped = 0;
    for (const [term, entry] of this.byTerm) {
      if (isEmpty(entry)) {
        this.byTerm.delete(term);
        dropped++;
      }
    }
    if (dropped) {
      this.sorted = this.sortedTerms().filter((t) => this.byTerm.has(t));
    }
    return dropped;
  }

  clear(): void {
    this.byTerm.clear();
    this.sorted = [];
    this.pending = [];
  }

  /** Every term in code-unit order (terms added since the last call are merged in first). */
  sortedTerms(): string[] {
    if (this.pending.length) {
      const added = this.pending.sort();
      this.pending = [];
      if (!this.sorted.length) this.sorted = added;
      else if (added.length > this.sorted.length / 4) this.sorted = this.sorted.concat(added).sort();
      else this.sorted = mergeSorted(this.sorted, added);
    }
    return this.sorted;
  }

  /** The range [lo, hi) of the sorted terms that start with `prefix`. */
  prefixRange(prefix: string): [number, number] {
    const terms = this.sortedTerms();
    return [lowerBoundString(terms, prefix), lowerBoundString(terms, `${prefix}\uffff`)];
  }

  /**
   * The terms a query word stands for. Not `prefix`: the word itself, and with typos the words within its typo
   * budget. `prefix` (the last word, still being typed): every term starting with it, and with typos every term
   * with a prefix within the budget. A typo on the first letter counts as two (as in Meilisearch). Typo
   * derivations are capped (the most frequent kept); the ones without typos never are, so totals stay exact.
   * `zeroTypoRange`: for a prefix the zero-typo derivations are the range only, which the caller unions itself
   * (possibly from a maintained prefix set); they are then left out of the result.
   */
  derive(word: string, prefix: boolean, options: { skipZeroTypoPrefix?: boolean } = {}): Derivation[] {
    const budget = typoBudget(word);
    const out: Derivation[] = [];
    if (budget === 0) {
      if (!prefix) {
        const entry = this.byTerm.get(word);
        if (entry) out.push({ entry, typos: 0 });
      } else if (!options.skipZeroTypoPrefix) {
        const terms = this.sortedTerms();
        const [lo, hi] = this.prefixRange(word);
        for (let i = lo; i < hi; i++) out.push({ entry: this.byTerm.get(terms[i]!)!, typos: 0 });
      }
      return out;
    }
    const terms = this.sortedTerms();
    const found = new Map<number, number>();
    const emit = (i: number, typos: number) => {
      const seen = found.get(i);
      if (seen === undefined || typos < seen) found.set(i, typos);
    };
    const first = word.charCodeAt(0);
    // Terms starting with the word's first letter, within the whole budget.
    const [lo, hi] = this.prefixRange(word[0]!);
    walk(terms, word, prefix, budget, lo, hi, emit);
    // Two typos allowed: terms starting with another letter, with one typo, counted as two.
    if (budget === 2) {
      const shifted = (i: number, typos: number) => emit(i, typos + 1);
      let i = 0;
      while (i < terms.length) {
        const c = terms[i]!.charCodeAt(0);
        const end = lowerBoundString(terms, String.fromCharCode(c) + '\uffff', i);
        if (c !== first) walk(terms, word, prefix, 1, i, end, shifted);
        i = end;
      }
    }
    const one: Derivation[] = [];
    const two: Derivation[] = [];
    for (const [i, typos] of found) {
      const entry = this.byTerm.get(terms[i]!)!;
      if (typos === 0) {
        if (!(prefix && options.skipZeroTypoPrefix)) out.push({ entry, typos });
      } else (typos === 1 ? one : two).push({ entry, typos });
    }
    const byFrequency = (a: Derivation, b: Derivation) => b.entry.all.n - a.entry.all.n;
    if (one.length > MAX_ONE_TYPO) one.sort(byFrequency).length = MAX_ONE_TYPO;
    if (two.length > MAX_TWO_TYPOS) two.sort(byFrequency).length = MAX_TWO_TYPOS;
    return out.concat(one, two);
  }
}

/**
 * Depth-first walk of the sorted terms [lo, hi) that share the first `depth` characters, with the optimal string
 * alignment distance (Levenshtein plus adjacent transpositions) to `word` in one row per depth. Calls `emit(i, d)`
 * for every term within `budget`: its whole distance, or for `prefix` the best distance of any of its prefixes.
 */
export function walk(
  terms: string[],
  word: string,
  prefix: boolean,
  budget: number,
  lo: number,
  hi: number,
  emit: (i: number, typos: number) => void,
): void {
  const m = word.length;
  const q = new Int32Array(m);
  for (let j = 0; j < m; j++) q[j] = word.charCodeAt(j);
  const maxDepth = m + budget + 1;
  // rows[d] = distances between the first d characters of the current path and word[0..j)
  const rows: Int32Array[] = [];
  for (let d = 0; d <= maxDepth + 1; d++) rows.push(new Int32Array(m + 1));
  const path = new Int32Array(maxDepth + 2);
  for (let j = 0; j <= m; j++) rows[0]![j] = j;

  const visit = (depth: number, from: number, to: number, best: number): void => {
    const row = rows[depth]!;
    if (depth > 0) {
      const prev = rows[depth - 1]!;
      const c = path[depth - 1]!;
      row[0] = depth;
      let rowMin = row[0];
      for (let j = 1; j <= m; j++) {
        let v = prev[j - 1]! + (q[j - 1] === c ? 0 : 1);
        const del = prev[j]! + 1;
        if (del < v) v = del;
        const ins = row[j - 1]! + 1;
        if (ins < v) v = ins;
        if (depth > 1 && j > 1 && q[j - 1] === path[depth - 2] && q[j - 2] === c) {
          const tr = rows[depth - 2]![j - 2]! + 1;
          if (tr < v) v = tr;
        }
        row[j] = v;
        if (v < rowMin) rowMin = v;
      }
      // The smallest distance any extension of this path can still reach (a transposition may reach back a row).
      let bound = rowMin;
      if (depth > 1) {
        let prevMin = prev[0]!;
        for (let j = 1; j <= m; j++) if (prev[j]! < prevMin) prevMin = prev[j]!;
        if (prevMin + 1 < bound) bound = prevMin + 1;
      }
      if (prefix) {
        if (row[m]! < best) best = row[m]!;
        if (best <= budget && bound >= best) {
          // Nothing deeper can do better: every term of this range matches with `best`.
          for (let i = from; i < to; i++) emit(i, best);
          return;
        }
        if (bound > budget && best > budget) return;
      } else if (bound > budget) return;
    }
    let i = from;
    if (i < to && terms[i]!.length === depth) {
      if (depth > 0) {
        const d = prefix ? best : row[m]!;
        if (d <= budget) emit(i, d);
      }
      i++;
    }
    if (depth >= maxDepth) return;
    while (i < to) {
      const c = terms[i]!.charCodeAt(depth);
      // The end of the run of terms with c at this depth (they are contiguous: all share the path so far).
      let a = i + 1;
      let b = to;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (terms[mid]!.charCodeAt(depth) === c) a = mid + 1;
        else b = mid;
      }
      path[depth] = c;
      visit(depth + 1, i, a, best);
      i = a;
    }
  };
  visit(0, lo, hi, Number.MAX_SAFE_INTEGER);
}

export function lowerBoundString(list: string[], x: string, from = 0): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function mergeSorted(a: string[], b: string[]): string[] {
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i]! <= b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
