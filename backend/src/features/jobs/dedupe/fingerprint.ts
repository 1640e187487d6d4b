/**
 * A job's duplicate fingerprint (docs/duplicates.md): normalised company, title and place keys, and a
 * MinHash signature of the description's word shingles. Pure and cheap: about 0.2 ms per description.
 */
import type { JobContent } from '@jobs/contracts';
import { htmlToText } from '@jobs/contracts/description-text';
import { foldAscii } from '../normalise/text';

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

function words(text: string): string[] {
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
 * The description's set of word shingles (SHINGLE_WORDS words each), hashed: FNV-1a of the words joined by one
 * space, computed over the words in place (no joined string per shingle). A text of fewer words is one shingle.
 */
export function shingleHashes(html: string): Set<number> {
  // The shared lines cache: live (a seed, a server), the jobs read model and the search index split the same description
  // moments before (issue 26: one parse per description where the projections run together).
  const tokens = words(htmlToText(html, 200_000));
  const out = new Set<number>();
  if (tokens.length < SHINGLE_WORDS) {
    if (tokens.length) out.add(fnv1aOn(FNV_OFFSET, tokens.join(' ')) | 0);
    return out;
  }
  for (let i = 0; i + SHINGLE_WORDS <= tokens.length; i++) {
    let h = fnv1aOn(FNV_OFFSET, tokens[i]!);
    for (let k = 1; k < SHINGLE_WORDS; k++) h = fnv1aOn(Math.imul(h ^ SPACE, FNV_PRIME), tokens[i + k]!);
    out.add(h | 0);
  }
  return out;
}

/**
 * Per seed, the least mix(shingle ^ seed), mix being murmur3's 32-bit finaliser, as signed 32-bit integers.
 * Seed-major over typed arrays, so the inner loop keeps its minimum in a register and allocates nothing.
 */
export function minhashOf(shingles: ReadonlySet<number>): number[] {
  const hashes = Int32Array.from(shingles);
  const n = hashes.length;
  const mins = new Array<number>(MINHASH_SIZE);
  for (let i = 0; i < MINHASH_SIZE; i++) {
    const seed = SEEDS[i]!;
    let min = 0x7fffffff;
    for (let j = 0; j < n; j++) {
      let x = hashes[j]! ^ seed;
      x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
      x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
      x ^= x >>> 16;
      if (x < min) min = x;
    }
    mins[i] = min;
  }
  return mins;
}

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
  const shingles = shingleHashes(job.description);
  return {
    companyKey: companyKey(job.company),
    titleKey: titleKey(job.title),
    placeKey: placeKey(job),
    minhash: minhashOf(shingles),
    shingles: shingles.size,
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
