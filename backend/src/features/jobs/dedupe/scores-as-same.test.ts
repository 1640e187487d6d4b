/**
 * The run pre-check's early-exit comparison (scoresAsSame in projection.ts) must answer exactly as
 * sameJobScore(...) !== null: random signatures with every share of equal minima, sizes around the thresholds,
 * and demo jobs against each other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JobContent } from '@jobs/contracts';
import { fingerprintOf, MINHASH_SIZE, sameJobScore, type Fingerprint } from './fingerprint';
import { scoresAsSame } from './projection';

const base: Fingerprint = {
  companyKey: 'acme',
  titleKey: 'engineer',
  placeKey: 'de',
  minhash: [],
  shingles: 0,
};

describe('scoresAsSame', () => {
  it('agrees with sameJobScore on random signatures', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -3, max: 3 }), { minLength: MINHASH_SIZE, maxLength: MINHASH_SIZE }),
        fc.integer({ min: 0, max: MINHASH_SIZE }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom('de', '', 'fr'),
        (minhash, equal, shinglesA, shinglesB, place) => {
          // `equal` of the minima the same, the rest different (in a random order of positions).
          const other = minhash.map((v, i) => ((i * 37) % MINHASH_SIZE < equal ? v : v + 100));
          const a = { ...base, minhash, shingles: shinglesA };
          const b = { ...base, placeKey: place, minhash: other, shingles: shinglesB };
          expect(
            scoresAsSame(a, { job_id: 'x', place_key: place, minhash: other, shingles: shinglesB }),
          ).toBe(sameJobScore(a, b) !== null);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees with sameJobScore on demo-like jobs sharing a title', () => {
    const job = (text: string): JobContent =>
      ({
        title: 'Engineer',
        company: 'Acme',
        location: 'Berlin, Germany',
        country: 'DE',
        eligibility: null,
        description: `<p>${text}</p>`,
      }) as unknown as JobContent;
    const words = Array.from({ length: 400 }, (_, i) => `w${(i * 7919) % 613}`);
    const fps = [0, 20, 60, 100, 150, 250].map((cut) =>
      fingerprintOf(job([...words.slice(cut), ...words.slice(0, cut).reverse()].join(' '))),
    );
    for (const a of fps)
      for (const b of fps)
        expect(
          scoresAsSame(a, { job_id: 'x', place_key: b.placeKey, minhash: b.minhash, shingles: b.shingles }),
        ).toBe(sameJobScore(a, b) !== null);
  });
});
