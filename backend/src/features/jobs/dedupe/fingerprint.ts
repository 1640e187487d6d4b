/**
 * A job's duplicate fingerprint (docs/duplicates.md): normalised company, title and place keys, and a
 * MinHash signature of the description's word shingles. Pure and cheap: about 0.2 ms per description.
 */
import type { JobContent } from '@jobs/contracts';
import { cachedLinesIfAny, htmlToPlainText, htmlToText, truncate } from '@jobs/contracts/description-text';
import { foldAscii } from '../normalise/text';
import { simdMinhash } from './minhash-simd';

export const MINHASH_SIZE = 128;
export const SHINGLE_WORDS = 3;
/**
 * The estimated share of the shorter description's shingles found in the other, at and above which two jobs
 * with matching keys are one job. Containment rather than Jaccard: a copy that drops a section or a bot that
 * truncates the text stays a copy. Measured on the planted set (docs/duplicates.md): duplicates score 0.80 and
 * up, other roles under one title 0.60 at most.
 */
export const SAME_JOB_SIMILARITY = 0.75;
/**
 * Descriptions shorter than this many shingles (about 40 words) are never judged the same job: a few lines
 * ('Join us. Apply now.') match across unrelated jobs, and hiding a real job costs more than showing a copy.
 */
export const MIN_SHINGLES = 40;

export interface Fingerprint {
  companyKey: string;
  titleKey: string;
  /** Sorted place tokens (countries, regions, 'worldwide', a city); '' when the job names no place. */
  placeKey: string;
  /** MINHASH_SIZE signed 32-bit minima. */
  minhash: number[];
  /** How many distinct shingles the description has. */
  shingles: number;
}

/** The words of `text`: accents folded, lower-cased, `&` read as 'and', split at anything but `a-z0-9+#`. */
function words(text: string): string[] {
  // One pass over the text: ASCII runs are cut into words in place; a run that holds other characters (’, é, ﬁ)
  // between two ASCII separators takes the general path alone. The same words as the general path over the whole
  // text: an ASCII separator is one there too (folding and lower-casing leave it, and never move text across it).
  const out: string[] = [];
  // Lower-cased once when that maps character to character (it does unless the text has a letter such as 'İ'),
  // so an ASCII run is one slice.
  let lower = text.toLowerCase();
  if (lower.length !== text.length) lower = '';
  let start = 0; // where the current run began
  let plain = true; // the run is ASCII
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c >= 128) {
      plain = false;
      continue;
    }
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 43 || c === 35)
      continue;
    // An ASCII separator ('&' too: it stands for a word of its own).
    if (i > start) {
      if (plain) out.push(lower ? lower.slice(start, i) : text.slice(start, i).toLowerCase());
      else for (const w of runWords(text.slice(start, i))) out.push(w);
    }
    if (c === 38) out.push('and');
    start = i + 1;
    plain = true;
  }
  return out;
}

/**
 * The words of a run with other than ASCII characters. Such runs repeat (place and people names, quoted words,
 * accented terms of a language) and the general path costs a few regular expressions and a normalisation each,
 * so the last RUN_CACHE_SIZE distinct runs keep their words. Bounded, oldest out first.
 */
const RUN_CACHE_SIZE = 20_000;
const runCache = new Map<string, readonly string[]>();

function runWords(run: string): readonly string[] {
  const hit = runCache.get(run);
  if (hit) return hit;
  const found = generalWords(run);
  runCache.set(run, found);
  if (runCache.size > RUN_CACHE_SIZE) runCache.delete(runCache.keys().next().value!);
  return found;
}

/** The cached runs (tests). */
export function runCacheSize(): number {
  return runCache.size;
}

function generalWords(text: string): string[] {
  return foldAscii(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean);
}

const COMPANY_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'ltd',
  'limited',
  'gmbh',
  'corp',
  'corporation',
  'co',
  'company',
  'sa',
  'sas',
  'bv',
  'ag',
  'plc',
  'oy',
  'ab',
  'as',
  'srl',
  'pty',
  'the',
]);

/** 'Acme, Inc.' and 'ACME' are one company. */
export function companyKey(name: string): string {
  const tokens = words(name);
  while (tokens.length > 1 && COMPANY_SUFFIXES.has(tokens.at(-1)!)) tokens.pop();
  while (tokens.length > 1 && tokens[0] === 'the') tokens.shift();
  return tokens.join(' ');
}

/** Abbreviations and spellings that mean the same word in a title. */
const TITLE_SYNONYMS: Record<string, string> = {
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  jnr: 'junior',
  eng: 'engineer',
  engr: 'engineer',
  engineering: 'engineering',
  dev: 'developer',
  devs: 'developer',
  mgr: 'manager',
  mngr: 'manager',
  assoc: 'associate',
  asst: 'assistant',
  admin: 'administrator',
  ops: 'operations',
  mid: 'mid',
  intermediate: 'mid',
  swe: 'software engineer',
  sde: 'software engineer',
  ml: 'machine learning',
  ai: 'ai',
  ux: 'ux',
  ui: 'ui',
  qa: 'quality assurance',
  sre: 'site reliability engineer',
  pm: 'product manager',
  vp: 'vice president',
  i: '1',
  ii: '2',
  iii: '3',
  iv: '4',
};

/** Two-word spellings written as one ('front end', 'front-end' → 'frontend'). */
const JOINED = new Map([
  ['front end', 'frontend'],
  ['back end', 'backend'],
  ['full stack', 'fullstack'],
  ['dev ops', 'devops'],
  ['data base', 'database'],
]);

/** Words that say nothing about the role: workplace, gender notes ('m/f/d'), filler. */
const TITLE_NOISE = new Set([
  'remote',
  'hybrid',
  'onsite',
  'on',
  'site',
  'anywhere',
  'worldwide',
  'global',
  'm',
  'f',
  'd',
  'w',
  'x',
  'h',
  'all',
  'genders',
  'gn',
  'mwd',
  'fmd',
  'mfd',
  'the',
  'a',
  'an',
  'of',
  'for',
  'and',
  'with',
  'at',
  'in',
  'to',
  'job',
  'role',
  'position',
  'opening',
  'hiring',
  'urgent',
  'new',
]);

/**
 * 'Sr. Backend Engineer (Remote)', 'Senior Back-End Engineer' and 'Backend Engineer, Senior' have one key:
 * synonyms folded, noise words dropped, the words sorted (common reorderings read the same).
 */
export function titleKey(title: string): string {
  const raw = words(title);
  const joined: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const pair = JOINED.get(`${raw[i]} ${raw[i + 1]}`);
    if (pair) {
      joined.push(pair);
      i++;
    } else joined.push(raw[i]!);
  }
  const tokens = joined
    .flatMap((w) => (TITLE_SYNONYMS[w] ?? w).split(' '))
    .filter((w) => !TITLE_NOISE.has(w));
  return [...new Set(tokens)].sort().join(' ');
}

const PLACE_NOISE = new Set([
  'remote',
  'hybrid',
  'onsite',
  'on',
  'site',
  'office',
  'based',
  'only',
  'or',
  'and',
  'in',
]);

/**
 * Where the job is: the eligibility the normaliser derived (worldwide, regions, countries) and, for an office
 * or hybrid job, its city (the first part of the location text). 'Remote - US' and 'United States (Remote)'
 * share a key; the same title in Berlin and in London does not.
 */
export function placeKey(job: Pick<JobContent, 'location' | 'eligibility' | 'country'>): string {
  const tokens = new Set<string>();
  const e = job.eligibility;
  if (e?.worldwide) tokens.add('worldwide');
  for (const c of e?.countries ?? []) tokens.add(c.toLowerCase());
  for (const r of e?.regions ?? []) tokens.add(r.toLowerCase());
  if (tokens.size === 0 && job.country) tokens.add(job.country.toLowerCase());
  // 'City, Country' or 'Hybrid - City, ST': the first of two or more named parts is a city.
  const parts = job.location
    .replace(/\(.*?\)/g, ' ')
    .split(/[,;|/]| - /)
    .map((part) => words(part).filter((w) => !PLACE_NOISE.has(w)))
    .filter((part) => part.length > 0);
  if (parts.length >= 2) tokens.add(`city:${parts[0]!.join('-')}`);
  return [...tokens].sort().join(' ');
}

/** Place keys agree when equal, or when one job names no place at all (a bot that dropped the location). */
export function samePlace(a: string, b: string): boolean {
  return a === b || a === '' || b === '';
}

// MinHash: one 32-bit hash per shingle, re-mixed with MINHASH_SIZE seeds (a multiply-xorshift family).
const SEEDS = Int32Array.from({ length: MINHASH_SIZE }, (_, i) => Math.imul(i + 1, 0x9e3779b1) | 0);

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const SPACE = 32;

/** FNV-1a of `text` continued from the state `h` (FNV_OFFSET to start): a shingle is hashed word by word. */
function fnv1aOn(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * The description's words: its plain text's (`htmlToText`), taken straight from the HTML when that is cheaper. The
 * shared lines cache first: live (a seed, a server), the jobs read model and the search index split the same
 * description moments before (issue 26). Else the tags are stripped and the entities decoded without splitting into
 * lines: where lines break, how whitespace collapses and which lines are empty change no word (every one of those
 * characters separates words either way), and no text under 200,000 characters is truncated.
 */
function descriptionWords(html: string): string[] {
  const lines = cachedLinesIfAny(html);
  if (lines) return words(truncate(lines.join(' '), TEXT_LIMIT, '')); // what htmlToText gives
  if (html.length > TEXT_LIMIT) return words(htmlToText(html, TEXT_LIMIT, { cache: false }));
  return words(htmlToPlainText(html));
}

const TEXT_LIMIT = 200_000;

/** Reused between calls: the distinct shingle hashes in first-seen order, and an open-addressing set over them. */
let distinct = new Int32Array(1024);
let slots = new Int32Array(4096);
let stamps = new Uint32Array(4096);
let stamp = 0;

/**
 * The description's distinct word shingles (SHINGLE_WORDS words each), hashed, in first-seen order: FNV-1a of the
 * words joined by one space, computed over the words in place (no joined string per shingle). A text of fewer words
 * is one shingle. A view of a buffer reused by the next call.
 */
function distinctShingles(html: string): Int32Array {
  const tokens = descriptionWords(html);
  if (tokens.length < SHINGLE_WORDS) {
    if (!tokens.length) return distinct.subarray(0, 0);
    distinct[0] = fnv1aOn(FNV_OFFSET, tokens.join(' ')) | 0;
    return distinct.subarray(0, 1);
  }
  const n = tokens.length - SHINGLE_WORDS + 1;
  if (distinct.length < n) distinct = new Int32Array(n * 2);
  if (slots.length < n * 4) {
    slots = new Int32Array(n * 8);
    stamps = new Uint32Array(n * 8);
    stamp = 0;
  }
  if (++stamp === 0xffffffff) {
    stamps.fill(0);
    stamp = 1;
  }
  const mask = slots.length - 1; // a power of two
  let count = 0;
  for (let i = 0; i < n; i++) {
    let h = fnv1aOn(FNV_OFFSET, tokens[i]!);
    for (let k = 1; k < SHINGLE_WORDS; k++) h = fnv1aOn(Math.imul(h ^ SPACE, FNV_PRIME), tokens[i + k]!);
    h |= 0;
    let slot = Math.imul(h, 0x9e3779b1) >>> 0;
    for (;;) {
      slot &= mask;
      if (stamps[slot] !== stamp) {
        stamps[slot] = stamp;
        slots[slot] = h;
        distinct[count++] = h;
        break;
      }
      if (slots[slot] === h) break;
      slot++;
    }
  }
  return distinct.subarray(0, count);
}

/** The description's set of word shingles, hashed (see distinctShingles). */
export function shingleHashes(html: string): Set<number> {
  return new Set(distinctShingles(html));
}

/**
 * Per seed, the least mix(shingle ^ seed), mix being murmur3's 32-bit finaliser, as signed 32-bit integers.
 * Seed-major over typed arrays, so the inner loop keeps its minima in registers and allocates nothing.
 */
export function minhashOf(shingles: ReadonlySet<number>): number[] {
  return minhashOfArray(Int32Array.from(shingles));
}

/** The scalar loop (and the reference minhash-simd.test.ts compares the SIMD one with). */
export function minhashOfArrayScalar(hashes: Int32Array): number[] {
  const n = hashes.length;
  const mins = new Array<number>(MINHASH_SIZE);
  // Four seeds per pass over the hashes (MINHASH_SIZE is a multiple of 4): a quarter of the loads and loop steps,
  // four independent chains for the CPU to overlap.
  for (let i = 0; i < MINHASH_SIZE; i += 4) {
    const s0 = SEEDS[i]!;
    const s1 = SEEDS[i + 1]!;
    const s2 = SEEDS[i + 2]!;
    const s3 = SEEDS[i + 3]!;
    let m0 = 0x7fffffff;
    let m1 = 0x7fffffff;
    let m2 = 0x7fffffff;
    let m3 = 0x7fffffff;
    for (let j = 0; j < n; j++) {
      const h = hashes[j]!;
      let a = h ^ s0;
      let b = h ^ s1;
      let c = h ^ s2;
      let d = h ^ s3;
      a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
      b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
      c = Math.imul(c ^ (c >>> 16), 0x85ebca6b);
      d = Math.imul(d ^ (d >>> 16), 0x85ebca6b);
      a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
      b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
      c = Math.imul(c ^ (c >>> 13), 0xc2b2ae35);
      d = Math.imul(d ^ (d >>> 13), 0xc2b2ae35);
      a ^= a >>> 16;
      b ^= b >>> 16;
      c ^= c >>> 16;
      d ^= d >>> 16;
      if (a < m0) m0 = a;
      if (b < m1) m1 = b;
      if (c < m2) m2 = c;
      if (d < m3) m3 = d;
    }
    mins[i] = m0;
    mins[i + 1] = m1;
    mins[i + 2] = m2;
    mins[i + 3] = m3;
  }
  return mins;
}

/** With WebAssembly SIMD where the runtime has it (minhash-simd.ts: about a third of the scalar loop's CPU). */
const minhashOfArray = simdMinhash(SEEDS) ?? minhashOfArrayScalar;

/** The share of equal minima: an unbiased estimate of the shingle sets' Jaccard similarity. */
export function similarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/**
 * How much of the shorter description the longer one contains, estimated from the MinHash Jaccard J and the
 * set sizes: |A∩B| = J·(|A|+|B|)/(1+J).
 */
export function containment(a: Pick<Fingerprint, 'minhash' | 'shingles'>, b: typeof a): number {
  return containmentOf(similarity(a.minhash, b.minhash), a.shingles, b.shingles);
}

/** The containment for a Jaccard estimate `j` of two sets of `a` and `b` shingles. */
export function containmentOf(j: number, a: number, b: number): number {
  const smaller = Math.min(a, b);
  if (smaller === 0) return 0;
  return Math.min(1, (j * (a + b)) / (1 + j) / smaller);
}

export function fingerprintOf(job: JobContent): Fingerprint {
  const shingles = distinctShingles(job.description);
  return {
    companyKey: companyKey(job.company),
    titleKey: titleKey(job.title),
    placeKey: placeKey(job),
    minhash: minhashOfArray(shingles),
    shingles: shingles.length,
  };
}

/** The similarity score when `a` and `b` are the same job, else null. */
export function sameJobScore(a: Fingerprint, b: Fingerprint): number | null {
  if (a.companyKey !== b.companyKey || a.titleKey !== b.titleKey) return null;
  if (!samePlace(a.placeKey, b.placeKey)) return null;
  if (Math.min(a.shingles, b.shingles) < MIN_SHINGLES) return null;
  const score = containment(a, b);
  return score >= SAME_JOB_SIMILARITY ? score : null;
}
