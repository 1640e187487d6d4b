/**
 * The fingerprints a rebuild makes ahead of its next page (PreparedFingerprints in projection.ts): each is the one
 * the handler would make, taken once, and the cache stays bounded when pages are never applied. (That a rebuild with
 * them builds the same rows as one event at a time: bulk-projections.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { generateJobs } from '../../seed/generate';
import { normaliseJob } from '../normalise';
import { fingerprintOf } from './fingerprint';
import { PreparedFingerprints } from './projection';

const now = new Date('2026-06-01T00:00:00Z');

describe('PreparedFingerprints', () => {
  it('gives back the fingerprint made ahead once, then nothing', () => {
    const [job] = generateJobs({ count: 1, offset: 3, now }).map((item) => normaliseJob(item, { now }));
    const cache = new PreparedFingerprints(10);
    cache.put('e1', fingerprintOf(job!));
    expect(cache.take('e1')).toEqual(fingerprintOf(job!));
    expect(cache.take('e1')).toBeUndefined();
    expect(cache.take('other')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its bound, dropping the oldest', () => {
    const cache = new PreparedFingerprints(100);
    const fp = { companyKey: 'a', titleKey: 'b', placeKey: '', minhash: [1], shingles: 1 };
    for (let i = 0; i < 250; i++) cache.put(`e${i}`, { ...fp, shingles: i });
    expect(cache.size).toBe(100);
    expect(cache.take('e149')).toBeUndefined();
    expect(cache.take('e150')?.shingles).toBe(150);
    expect(cache.take('e249')?.shingles).toBe(249);
  });
});
