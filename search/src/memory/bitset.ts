/**
 * Bitsets over document slots (bit i = slot i), as Uint32Arrays. Every query of the embedded index is a few of
 * these operations over N/32 words: at a million documents that is 31,250 words, a few tens of microseconds each.
 */
export type Bits = Uint32Array;

export function wordsFor(slots: number): number {
  return (slots + 31) >>> 5;
}

export function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export function countBits(a: Bits): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    if (v !== 0) n += popcount32(v);
  }
  return n;
}

export function hasBit(a: Bits, slot: number): boolean {
  return (a[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

export function setBit(a: Bits, slot: number): void {
  a[slot >>> 5]! |= 1 << (slot & 31);
}

export function clearBit(a: Bits, slot: number): void {
  a[slot >>> 5]! &= ~(1 << (slot & 31));
}

/** a &= b (b may be shorter: missing words are 0). */
export function andInto(a: Bits, b: Bits): void {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) a[i]! &= b[i]!;
  if (b.length < a.length) a.fill(0, b.length);
}

/** a |= b. */
export function orInto(a: Bits, b: Bits): void {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) a[i]! |= b[i]!;
}

/** a &= ~b. */
export function andNotInto(a: Bits, b: Bits): void {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) a[i]! &= ~b[i]!;
}

/** Calls fn with every set slot in ascending order; stops early when fn returns false. */
export function forEachSet(a: Bits, fn: (slot: number) => boolean | void): void {
  for (let i = 0; i < a.length; i++) {
    let w = a[i]!;
    while (w !== 0) {
      const t = w & -w;
      if (fn((i << 5) + 31 - Math.clz32(t)) === false) return;
      w ^= t;
    }
  }
}

/** Grows a bitset to `words` words, keeping its bits (returns the same array when it is large enough). */
export function grown(a: Bits, words: number): Bits {
  if (a.length >= words) return a;
  const b = new Uint32Array(words);
  b.set(a);
  return b;
}

/**
 * Scratch bitsets of one size, reused across queries so a keystroke allocates nothing: a query takes what it needs
 * and gives everything back when it ends.
 */
export class BitsPool {
  private free: Bits[] = [];
  constructor(private words: number) {}

  resize(words: number): void {
    if (words !== this.words) {
      this.words = words;
      this.free = [];
    }
  }

  /** A zeroed bitset. */
  take(): Bits {
    const b = this.free.pop();
    if (b) {
      b.fill(0);
      return b;
    }
    return new Uint32Array(this.words);
  }

  /** A copy of `src`. */
  copy(src: Bits): Bits {
    const b = this.free.pop() ?? new Uint32Array(this.words);
    const n = Math.min(src.length, b.length);
    b.set(n === src.length ? src : src.subarray(0, n));
    if (n < b.length) b.fill(0, n);
    return b;
  }

  give(...bits: (Bits | null | undefined)[]): void {
    for (const b of bits) if (b && b.length === this.words && this.free.length < 64) this.free.push(b);
  }
}
