import { describe, expect, it } from 'vitest';
import { createRandom, sample, zipfIndex } from './random';

describe('zipfIndex', () => {
  it('draws the k-th item about 1/k as often as the first (Zipf, exponent 1), always in range', () => {
    const random = createRandom(1);
    const counts = new Array<number>(1000).fill(0);
    let outside = 0;
    for (let i = 0; i < 200_000; i++) {
      const index = zipfIndex(random, 1000);
      if (index >= 0 && index < 1000) counts[index]!++;
      else outside++;
    }
    expect(outside).toBe(0);
    expect(counts[0]! / counts[1]!).toBeGreaterThan(1.8);
    expect(counts[0]! / counts[1]!).toBeLessThan(2.3);
    expect(counts[0]! / counts[9]!).toBeGreaterThan(8.5);
    expect(counts[0]! / counts[9]!).toBeLessThan(12);
    // The tail is still drawn.
    expect(counts.slice(500).reduce((a, b) => a + b, 0)).toBeGreaterThan(10_000);
  });

  it('flattens the head with an offset', () => {
    const random = createRandom(2);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 100_000; i++) counts[zipfIndex(random, 100, 20)]!++;
    expect(counts[0]! / counts[1]!).toBeLessThan(1.15);
  });
});

describe('sample', () => {
  it('returns distinct items of the list', () => {
    const picked = sample(createRandom(3), ['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(picked).size).toBe(3);
    expect(sample(createRandom(3), ['a', 'b'], 5).sort()).toEqual(['a', 'b']);
  });
});
