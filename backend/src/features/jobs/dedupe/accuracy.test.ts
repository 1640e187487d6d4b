import { describe, expect, it } from 'vitest';
import { normaliseJob } from '../normalise';
import { fingerprintOf, sameJobScore } from './fingerprint';
import { plantedPairs, type PairKind } from './planted';

describe('duplicate detection on the seeded set with planted duplicates', () => {
  it('finds the planted duplicates (recall ≥ 95%) and almost never merges distinct jobs (precision ≥ 99%)', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const pairs = plantedPairs({ now });
    let tp = 0;
    let fp = 0;
    let fn = 0;
    let tn = 0;
    const byKind = new Map<PairKind, { pairs: number; right: number }>();
    for (const pair of pairs) {
      const score = sameJobScore(
        fingerprintOf(normaliseJob(pair.a, { now })),
        fingerprintOf(normaliseJob(pair.b, { now })),
      );
      const found = score !== null;
      if (found && pair.same) tp++;
      else if (found) fp++;
      else if (pair.same) fn++;
      else tn++;
      const k = byKind.get(pair.kind) ?? { pairs: 0, right: 0 };
      byKind.set(pair.kind, { pairs: k.pairs + 1, right: k.right + (found === pair.same ? 1 : 0) });
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(
      `duplicates: ${pairs.length} pairs (${tp + fn} duplicates, ${fp + tn} distinct): ` +
        `precision ${(precision * 100).toFixed(2)}%, recall ${(recall * 100).toFixed(2)}% ` +
        `(tp ${tp}, fp ${fp}, fn ${fn}, tn ${tn})`,
    );
    for (const [kind, k] of byKind) console.log(`  ${kind}: ${k.right}/${k.pairs} right`);
    expect(tp + fn).toBeGreaterThanOrEqual(250);
    expect(fp + tn).toBeGreaterThanOrEqual(250);
    expect(precision).toBeGreaterThanOrEqual(0.99);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
