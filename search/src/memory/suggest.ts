import { typoBudget, lowerBoundString, walk } from './terms';

interface SuggestionKey {
  term: string;
  count: number;
}

/**
 * Titles, companies and skills of the live documents with how many documents carry each, for the search box's
 * suggestions. A typed prefix matches the start of a key, then the start of any word in it ('eng' finds 'Backend
 * Engineer'), then, from 5 letters, a word start within the typo budget; each group by document count.
 */
export class SuggestionIndex {
  private readonly byKey = new Map<string, SuggestionKey>();
  /** Word starts: every key, and every key from each of its later words; sorted, with the key each belongs to. */
  private starts: string[] = [];
  private startKey: string[] = [];
  private pending: [string, string][] = [];
  private zeroes = 0;

  get size(): number {
    return this.byKey.size - this.zeroes;
  }

  add(key: string, term: string, count = 1): void {
    const entry = this.byKey.get(key);
    if (entry) {
      if (entry.count === 0) this.zeroes--;
      entry.count += count;
      entry.term = term;
      return;
    }
    this.byKey.set(key, { term, count });
    this.pending.push([key, key]);
    for (let i = key.indexOf(' '); i >= 0; i = key.indexOf(' ', i + 1)) {
      if (i + 1 < key.length) this.pending.push([key.slice(i + 1), key]);
    }
  }

  remove(key: string): void {
    const entry = this.byKey.get(key);
    if (!entry || entry.count === 0) return;
    entry.count--;
    if (entry.count === 0) this.zeroes++;
  }

  clear(): void {
    this.byKey.clear();
    this.starts = [];
    this.startKey = [];
    this.pending = [];
    this.zeroes = 0;
  }

  /** Every key with its count and display form (for snapshots). */
  export(): [string, string, number][] {
    const out: [string, string, number][] = [];
    for (const [key, e] of this.byKey) if (e.count > 0) out.push([key, e.term, e.count]);
    return out;
  }

  private sorted(): void {
    if (this.zeroes > 1000 && this.zeroes * 4 > this.byKey.size) {
      for (const [key, e] of this.byKey) if (e.count === 0) this.byKey.delete(key);
      this.zeroes = 0;
      let k = 0;
      for (let i = 0; i < this.starts.length; i++) {
        if (!this.byKey.has(this.startKey[i]!)) continue;
        this.starts[k] = this.starts[i]!;
        this.startKey[k++] = this.startKey[i]!;
      }
      this.starts.length = k;
      this.startKey.length = k;
      this.pending = this.pending.filter(([, key]) => this.byKey.has(key));
    }
    if (!this.pending.length) return;
    const added = this.pending.sort(comparePairs);
    this.pending = [];
    // Merge the few new word starts into the sorted ones: linear, no re-sort of the whole list.
    const a = this.starts;
    const ak = this.startKey;
    const starts = new Array<string>(a.length + added.length);
    const keys = new Array<string>(a.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < a.length || j < added.length) {
      if (j >= added.length || (i < a.length && comparePairs([a[i]!, ak[i]!], added[j]!) <= 0)) {
        starts[k] = a[i]!;
        keys[k++] = ak[i++]!;
      } else {
        starts[k] = added[j]![0];
        keys[k++] = added[j++]![1];
      }
    }
    this.starts = starts;
    this.startKey = keys;
  }

  suggest(prefix: string, limit: number): string[] {
    if (!prefix || limit <= 0) return [];
    this.sorted();
    const chosen = new Set<string>();
    const out: string[] = [];
    const take = (keys: Iterable<string>) => {
      for (const key of keys) {
        if (out.length >= limit) return;
        if (chosen.has(key)) continue;
        chosen.add(key);
        out.push(this.byKey.get(key)!.term);
      }
    };
    const lo = lowerBoundString(this.starts, prefix);
    const hi = lowerBoundString(this.starts, `${prefix}\uffff`, lo);
    const keyStarts: string[] = [];
    const wordStarts: string[] = [];
    for (let i = lo; i < hi; i++) {
      const key = this.startKey[i]!;
      (this.starts[i] === key ? keyStarts : wordStarts).push(key);
    }
    take(this.top(keyStarts, limit));
    if (out.length < limit) take(this.top(wordStarts, limit + out.length));
    if (out.length < limit && typoBudget(prefix) > 0) {
      const [flo, fhi] = [
        lowerBoundString(this.starts, prefix[0]!),
        lowerBoundString(this.starts, `${prefix[0]!}\uffff`),
      ];
      const typos = new Map<string, number>();
      walk(this.starts, prefix, true, typoBudget(prefix), flo, fhi, (i, t) => {
        if (t === 0) return;
        const key = this.startKey[i]!;
        const seen = typos.get(key);
        if (seen === undefined || t < seen) typos.set(key, t);
      });
      const fuzzy = [...typos].filter(([key]) => (this.byKey.get(key)?.count ?? 0) > 0 && !chosen.has(key));
      fuzzy.sort((a, b) => a[1] - b[1] || this.compare(a[0], b[0]));
      take(fuzzy.map(([key]) => key));
    }
    return out;
  }

  private compare(a: string, b: string): number {
    return this.byKey.get(b)!.count - this.byKey.get(a)!.count || (a < b ? -1 : a > b ? 1 : 0);
  }

  /** The `limit` live keys with the most documents (then by key), without sorting the whole range. */
  private top(keys: string[], limit: number): string[] {
    const best: string[] = [];
    const seen = new Set<string>();
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      if ((this.byKey.get(key)?.count ?? 0) === 0) continue;
      if (best.length < limit) {
        best.push(key);
        if (best.length === limit) best.sort((a, b) => this.compare(a, b));
        continue;
      }
      if (this.compare(key, best[limit - 1]!) >= 0) continue;
      let at = limit - 1;
      while (at > 0 && this.compare(key, best[at - 1]!) < 0) at--;
      best.splice(at, 0, key);
      best.length = limit;
    }
    if (best.length < limit) best.sort((a, b) => this.compare(a, b));
    return best;
  }
}

function comparePairs(a: readonly [string, string], b: readonly [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}
