import { countBits, grown, hasBit, setBit, type Bits } from './bitset';

/**
 * The documents of one term, in slot order: one slot inline (most terms of a real vocabulary occur once or twice),
 * a sorted array while that is smaller than a bitset, a bitset once it is not. Removed documents stay until the
 * index compacts (slots are checked against the live set at query time), like deletions in Lucene's segments.
 */
export class Postings {
  /** Postings held (removed documents included until compaction). */
  n = 0;
  private one = -1;
  private ids: Int32Array | null = null;
  private bits: Bits | null = null;

  get dense(): boolean {
    return this.bits !== null;
  }

  /** Work to OR this into a bitset of `words` words. */
  cost(words: number): number {
    return this.bits ? words : this.n;
  }

  /** Adds a slot; `words` is the index's bitset size, which decides when the list becomes a bitset. */
  add(slot: number, words: number): void {
    const bits = this.bits;
    if (bits) {
      const w = slot >>> 5;
      const m = 1 << (slot & 31);
      if ((bits[w]! & m) === 0) {
        bits[w]! |= m;
        this.n++;
      }
      return;
    }
    if (this.n === 0) {
      this.one = slot;
      this.n = 1;
      return;
    }
    if (this.n === 1 && !this.ids) {
      if (slot === this.one) return;
      this.ids = new Int32Array(4);
      this.ids[0] = Math.min(this.one, slot);
      this.ids[1] = Math.max(this.one, slot);
      this.n = 2;
      this.one = -1;
      return;
    }
    let ids = this.ids!;
    const n = this.n;
    if (ids[n - 1]! < slot) {
      if (n === ids.length) ids = this.grow(n + 1);
      ids[n] = slot;
    } else {
      const at = lowerBound(ids, n, slot);
      if (ids[at] === slot) return;
      if (n === ids.length) ids = this.grow(n + 1);
      ids.copyWithin(at + 1, at, n);
      ids[at] = slot;
    }
    this.n = n + 1;
    if (this.n > words) this.toBits(words);
  }

  private grow(min: number): Int32Array {
    const next = new Int32Array(Math.max(min, Math.ceil(this.ids!.length * 1.5)));
    next.set(this.ids!.subarray(0, this.n));
    this.ids = next;
    return next;
  }

  private toBits(words: number): void {
    const bits = new Uint32Array(words);
    for (let i = 0; i < this.n; i++) setBit(bits, this.ids![i]!);
    this.bits = bits;
    this.ids = null;
  }

  /** The index grew: a bitset needs as many words as the index, and a rare term goes back to an array. */
  resize(words: number): void {
    if (!this.bits) return;
    if (this.n * 2 < words) this.fromBits();
    else this.bits = grown(this.bits, words);
  }

  /** target |= this. */
  orInto(target: Bits): void {
    if (this.bits) {
      const b = this.bits;
      const n = Math.min(b.length, target.length);
      for (let i = 0; i < n; i++) target[i]! |= b[i]!;
      return;
    }
    if (this.n === 1 && !this.ids) {
      setBit(target, this.one);
      return;
    }
    const ids = this.ids!;
    for (let i = 0; i < this.n; i++) {
      const s = ids[i]!;
      target[s >>> 5]! |= 1 << (s & 31);
    }
  }

  has(slot: number): boolean {
    if (this.bits) return hasBit(this.bits, slot);
    if (this.n === 1 && !this.ids) return this.one === slot;
    if (this.n === 0) return false;
    const at = lowerBound(this.ids!, this.n, slot);
    return at < this.n && this.ids![at] === slot;
  }

  /** Drops the slots that are not live; returns how many are left. */
  compact(live: Bits, words: number): number {
    if (this.bits) {
      const b = this.bits;
      const n = Math.min(b.length, live.length);
      for (let i = 0; i < n; i++) b[i]! &= live[i]!;
      this.n = countBits(b);
      if (this.n * 2 < words) this.fromBits();
      return this.n;
    }
    if (this.n === 1 && !this.ids) {
      if (!hasBit(live, this.one)) {
        this.n = 0;
        this.one = -1;
      }
      return this.n;
    }
    const ids = this.ids!;
    let k = 0;
    for (let i = 0; i < this.n; i++) {
      const s = ids[i]!;
      if (hasBit(live, s)) ids[k++] = s;
    }
    this.n = k;
    if (k === 0) this.ids = null;
    else if (k === 1) {
      this.one = ids[0]!;
      this.ids = null;
    } else if (k * 2 < ids.length) this.ids = ids.slice(0, k);
    return k;
  }

  private fromBits(): void {
    const ids = new Int32Array(Math.max(2, this.n));
    let k = 0;
    const b = this.bits!;
    for (let i = 0; i < b.length; i++) {
      let w = b[i]!;
      while (w !== 0) {
        const t = w & -w;
        ids[k++] = (i << 5) + 31 - Math.clz32(t);
        w ^= t;
      }
    }
    this.bits = null;
    this.n = k;
    if (k === 1) {
      this.one = ids[0]!;
      this.ids = null;
    } else this.ids = k === 0 ? null : ids;
  }

  /** For snapshots: the slots as a sorted array, or the bitset. */
  export(): { ids: Int32Array } | { bits: Bits } {
    if (this.bits) return { bits: this.bits };
    if (this.n === 1 && !this.ids) return { ids: Int32Array.of(this.one) };
    return { ids: this.ids ? this.ids.subarray(0, this.n) : new Int32Array(0) };
  }

  static fromIds(ids: Int32Array, words: number): Postings {
    const p = new Postings();
    if (ids.length === 1) {
      p.one = ids[0]!;
      p.n = 1;
    } else if (ids.length > 1) {
      p.ids = ids;
      p.n = ids.length;
      if (p.n > words) p.toBits(words);
    }
    return p;
  }

  static fromBits(bits: Bits, words: number): Postings {
    const p = new Postings();
    p.bits = grown(bits, words);
    p.n = countBits(bits);
    return p;
  }
}

/** First index in ids[0..n) whose value is >= x. */
export function lowerBound(ids: Int32Array, n: number, x: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
