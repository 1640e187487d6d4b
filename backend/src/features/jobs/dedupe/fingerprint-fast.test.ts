/**
 * The fingerprint's fast paths (issue 26, fourth pass) against the way it was computed before, kept here as the
 * reference: words straight from the HTML instead of from its lines, ASCII runs cut in place and other runs through
 * a bounded cache, distinct shingles in a reused open-addressing set, and the MinHash four seeds at a time. Random
 * HTML with tags, entities, accents, ligatures, combining marks, case changes that alter the length ('İ'), every
 * kind of space, '&' in all its spellings, C++ and C#; then the shared lines cache's hit, and the run cache's bound.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '@jobs/contracts/description-text';
import { generateJobs } from '../../seed/generate';
import { normaliseJob } from '../normalise';
import { foldAscii } from '../normalise/text';
import { fingerprintOf, minhashOf, runCacheSize, SHINGLE_WORDS, shingleHashes } from './fingerprint';

// ---- the reference: the code before the fast paths (as in commit 6af08ff)

function referenceWords(text: string): string[] {
  return foldAscii(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean);
}

function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

function referenceShingles(html: string): Set<number> {
  const tokens = referenceWords(htmlToText(html, 200_000, { cache: false }));
  const out = new Set<number>();
  if (tokens.length < SHINGLE_WORDS) {
    if (tokens.length) out.add(fnv(0x811c9dc5, tokens.join(' ')) | 0);
    return out;
  }
  for (let i = 0; i + SHINGLE_WORDS <= tokens.length; i++) {
    let h = fnv(0x811c9dc5, tokens[i]!);
    for (let k = 1; k < SHINGLE_WORDS; k++) h = fnv(Math.imul(h ^ 32, 0x01000193), tokens[i + k]!);
    out.add(h | 0);
  }
  return out;
}

const SEEDS = Int32Array.from({ length: 128 }, (_, i) => Math.imul(i + 1, 0x9e3779b1) | 0);

function referenceMinhash(shingles: ReadonlySet<number>): number[] {
  const hashes = [...shingles];
  return [...SEEDS].map((seed) => {
    let min = 0x7fffffff;
    for (const h of hashes) {
      let x = h ^ seed;
      x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
      x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
      x ^= x >>> 16;
      if (x < min) min = x;
    }
    return min;
  });
}

// ---- random HTML

const pieces = [
  'a',
  'Go',
  'Rust',
  'C++',
  'C#',
  'node.js',
  'ÉCOLE',
  'café',
  'Straße',
  'İstanbul',
  'ΣΟΦΙΑ',
  'ﬁne',
  'Ørsted',
  'e\u0301',
  '\u0301x',
  '½',
  '™',
  '東京',
  '🚀',
  '＆',
  '&',
  '&amp;',
  '&AMP;',
  '&nbsp;',
  '&#8217;',
  '&#x1F680;',
  '&eacute;',
  '&bogus;',
  '&lt;b&gt;',
  ' ',
  '  ',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\t',
  '\n',
  '-',
  '/',
  ',',
  '<p>',
  '</p>',
  '<br>',
  '<li>',
  '<b>',
  '</b>',
  '<a href="x">',
  '<script>var x = 1;</script>',
  '<h2 class="t">',
  '<',
  '>',
];
const html = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(''));

describe('fingerprint fast paths', () => {
  it('give the shingles and MinHash of the code before on random HTML', () => {
    fc.assert(
      fc.property(html, (text) => {
        const fast = shingleHashes(text);
        const reference = referenceShingles(text);
        expect([...fast]).toEqual([...reference]);
        expect(minhashOf(fast)).toEqual(referenceMinhash(reference));
      }),
      { numRuns: 3000 },
    );
  });

  it('fingerprint demo jobs as before, whether the lines cache holds their description or not', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const jobs = generateJobs({ count: 300, offset: 99, now }).map((item) => normaliseJob(item, { now }));
    for (const [i, job] of jobs.entries()) {
      // Half of them with their lines in the shared cache (as after the jobs read model in a live process).
      if (i % 2) htmlToText(job.description);
      const fp = fingerprintOf(job);
      const reference = referenceShingles(job.description);
      expect(fp.shingles).toBe(reference.size);
      expect(fp.minhash).toEqual(referenceMinhash(reference));
    }
  });

  it('cut a description over 200,000 characters where htmlToText cuts it, cached or not', () => {
    const long = `<p>xy ${Array.from({ length: 30_000 }, (_, i) => `word${i % 977} café`).join(' ')}</p>`;
    expect(long.length).toBeGreaterThan(200_000);
    const reference = referenceShingles(long);
    expect([...shingleHashes(long)]).toEqual([...reference]);
    htmlToText(long); // now in the shared lines cache
    expect([...shingleHashes(long)]).toEqual([...reference]);
  });

  it('keeps a bounded cache of the runs with other than ASCII characters', () => {
    for (let i = 0; i < 25_000; i++) shingleHashes(`<p>café${i} naïve${i}</p>`);
    expect(runCacheSize()).toBeLessThanOrEqual(20_000);
    expect(runCacheSize()).toBeGreaterThan(0);
  });
});
