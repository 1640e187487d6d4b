/**
 * The SIMD MinHash gives the scalar loop's minima exactly: stored fingerprints are compared with new ones, so a
 * single lane off (a wrong shift, an unsigned minimum, a seed vector skipped) would make copies look distinct.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MINHASH_SIZE, minhashOf, minhashOfArrayScalar } from './fingerprint';
import { simdMinhash } from './minhash-simd';

const SEEDS = Int32Array.from({ length: MINHASH_SIZE }, (_, i) => Math.imul(i + 1, 0x9e3779b1) | 0);

describe('SIMD MinHash', () => {
  const simd = simdMinhash(SEEDS);

  it('is available on this runtime (Node has WebAssembly SIMD)', () => {
    expect(simd).not.toBeNull();
  });

  it('gives the scalar minima on random hashes of any length', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -0x80000000, max: 0x7fffffff }), { maxLength: 1200 }),
        (list) => {
          const hashes = Int32Array.from(list);
          expect(simd!(hashes)).toEqual(minhashOfArrayScalar(hashes));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the scalar minima on extreme values and on more hashes than its first memory page holds', () => {
    const edges = Int32Array.from([0, -1, 1, 0x7fffffff, -0x80000000, 0x9e3779b1 | 0, 0x85ebca6b | 0]);
    expect(simd!(edges)).toEqual(minhashOfArrayScalar(edges));
    for (const n of [16_000, 40_000, 3]) {
      const big = Int32Array.from({ length: n }, (_, i) => Math.imul(i + 7, 0x2545f491) ^ (i << 13));
      expect(simd!(big)).toEqual(minhashOfArrayScalar(big));
    }
    expect(simd!(new Int32Array(0))).toEqual(minhashOfArrayScalar(new Int32Array(0)));
  });

  it('is what minhashOf uses', () => {
    const set = new Set([5, -9, 1 << 30, 77]);
    expect(minhashOf(set)).toEqual(minhashOfArrayScalar(Int32Array.from(set)));
  });

  it('declines seeds it cannot hold in passes of sixteen', () => {
    expect(simdMinhash(new Int32Array(12))).toBeNull();
    expect(simdMinhash(new Int32Array(256))).toBeNull();
  });
});
