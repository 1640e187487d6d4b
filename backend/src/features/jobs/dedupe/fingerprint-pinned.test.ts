/**
 * Pins the fingerprint's exact output (shingle hashes, MinHash signature, keys) on known inputs: fingerprints are
 * stored in the duplicates read model and compared with new ones, so a faster implementation must give the very
 * same numbers. The expected values were taken from the implementation before its speed-up (issue 26).
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateJobs } from '../../seed/generate';
import { normaliseJob } from '../normalise';
import { fingerprintOf, minhashOf, shingleHashes } from './fingerprint';

const now = new Date('2026-06-01T00:00:00Z');
const digest = (value: unknown) =>
  crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

describe('fingerprint output (pinned)', () => {
  it('hashes the shingles of short and unusual texts as before', () => {
    const cases = [
      '',
      '<p></p>',
      '<p>One</p>',
      '<p>One two</p>',
      '<p>One two three</p>',
      '<p>Crème brûlée &amp; Straße: C++ and C# at Ørsted, ﬁne print.</p>',
      '<ul><li>Build APIs</li><li>Ship   fast</li></ul><p>We use Go, Rust &amp; TypeScript; 50% remote.</p>',
      '<p>repeat repeat repeat repeat repeat repeat</p>',
      '<p>emoji 🚀 launch 🚀 and CJK 東京 office; Ελληνικά too</p>',
    ];
    const out = cases.map((html) => {
      const set = shingleHashes(html);
      return { size: set.size, hashes: [...set], minhash: set.size ? minhashOf(set).slice(0, 8) : [] };
    });
    expect(digest(out)).toBe('96a5c12ee173f1df');
    expect(out.map((o) => o.size)).toEqual([0, 0, 1, 1, 1, 9, 10, 1, 4]);
    expect(out[6]!.minhash).toEqual([
      -1605254099, -2106543494, -1879230028, -2036637237, -1923063205, -1563559825, -1979945236, -631817899,
    ]);
  });

  it('fingerprints generated jobs as before', () => {
    const jobs = generateJobs({ count: 40, offset: 1234, now }).map((item) => normaliseJob(item, { now }));
    const prints = jobs.map(fingerprintOf);
    expect(prints[0]!.minhash.length).toBe(128);
    expect(prints.map((p) => p.shingles)).toEqual([
      287, 717, 688, 402, 420, 308, 560, 577, 568, 271, 546, 356, 368, 264, 517, 431, 293, 635, 274, 422, 435,
      692, 223, 575, 315, 240, 229, 601, 290, 646, 705, 575, 359, 355, 419, 614, 337, 417, 376, 584,
    ]);
    expect(prints[3]!.minhash.slice(0, 16)).toEqual([
      -2112518804, -2134714519, -2143144588, -2130497617, -2142523871, -2146543130, -2147228320, -2133257071,
      -2128714987, -2143148776, -2142189260, -2144214418, -2134447474, -2137802558, -2129450875, -2147099190,
    ]);
    expect(digest(prints)).toBe('a572b4a9429c2047');
  });
});
