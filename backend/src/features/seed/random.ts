/** Seeded randomness for the demo data: a tiny PRNG and the ways the generator draws from lists. */

export type Random = () => number;

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. */
export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export function pickWeighted<T extends { weight: number }>(random: Random, list: readonly T[]): T {
  const total = list.reduce((sum, item) => sum + item.weight, 0);
  let r = random() * total;
  for (const item of list) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return list[list.length - 1]!;
}

/** `n` distinct items in random order (a partial Fisher–Yates shuffle of a copy). */
export function sample<T>(random: Random, list: readonly T[], n: number): T[] {
  const copy = [...list];
  const count = Math.min(n, copy.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/**
 * An index in [0, n) drawn with probability close to proportional to 1 / (index + 1 + q): Zipf's law with
 * exponent 1 (Zipf–Mandelbrot with offset q, which flattens the head). Lists are ordered most common first,
 * so a few items come up very often and a long tail rarely, as words do in real text. Constant time: the
 * inverse of the continuous 1/x distribution, each index taking the interval around index + 1.
 */
export function zipfIndex(random: Random, n: number, q = 0): number {
  const low = q + 0.5;
  const x = low * Math.pow((n + low) / low, random());
  return Math.min(n - 1, Math.floor(x - low));
}

export const pickZipf = <T>(random: Random, list: readonly T[], q = 0): T =>
  list[zipfIndex(random, list.length, q)]!;

/** `n` distinct items drawn Zipf-wise (duplicates are drawn again, a few times at most). */
export function sampleZipf<T>(random: Random, list: readonly T[], n: number, q = 0): T[] {
  const chosen: T[] = [];
  for (let attempt = 0; chosen.length < n && attempt < n * 4; attempt++) {
    const item = pickZipf(random, list, q);
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen;
}

/** FNV-1a: a stable hash, to order ties the same way on every machine. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
