/**
 * How realistic the demo data's vocabulary is, measured as the search engine sees it: distinct terms
 * (the search tokenizer's words of title, company, skills, location and the description's text), the
 * descriptions' lengths, the most frequent terms, the slope of the rank/frequency curve on log-log axes
 * (Zipf's law: about -1) and the share of terms seen once. `npm run seed -- --stats --jobs N` prints it.
 */
import { htmlToLines, htmlToText } from '@jobs/contracts/description-text';
import { searchWords } from '@jobs/search/text';
import { generateJobs } from './generate';

/** The search index keeps this much of a description's text (search/src/projection.ts). */
const INDEXED_DESCRIPTION_CHARS = 2000;

export interface VocabularyStats {
  jobs: number;
  /** Distinct terms over the whole of each description. */
  distinctTerms: number;
  /** Distinct terms over what the search index keeps (the description's first 2,000 characters). */
  distinctIndexedTerms: number;
  /** Term occurrences in all. */
  tokens: number;
  descriptionWords: { min: number; p50: number; p95: number; max: number };
  top: { term: string; count: number }[];
  /** Least-squares slope of log(frequency) over log(rank), ranks sampled evenly on the log scale. */
  zipfSlope: number;
  /** Share of distinct terms that occur once. */
  onceShare: number;
  /** Generation alone, in jobs per CPU second. */
  jobsPerCpuSecond: number;
}

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** The least-squares slope of log f over log r, at ranks spaced evenly on a log scale (each decade weighs alike). */
export function zipfSlope(frequencies: readonly number[]): number {
  const sorted = [...frequencies].sort((a, b) => b - a);
  const xs: number[] = [];
  const ys: number[] = [];
  let previous = 0;
  for (let k = 0; ; k++) {
    const rank = Math.round(1.1 ** k);
    if (rank > sorted.length) break;
    if (rank === previous) continue;
    previous = rank;
    xs.push(Math.log(rank));
    ys.push(Math.log(sorted[rank - 1]!));
  }
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return num / den;
}

export function measureVocabulary(options: { count: number; seed?: number; now?: Date }): VocabularyStats {
  const counts = new Map<string, number>();
  const indexed = new Set<string>();
  const lengths = new Uint32Array(options.count);
  let tokens = 0;
  let generating = 0;
  const now = options.now ?? new Date('2025-06-01T12:00:00.000Z');
  const count = (words: string[]) => {
    tokens += words.length;
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  };
  for (let offset = 0; offset < options.count; offset += 1000) {
    const started = cpuSeconds();
    const jobs = generateJobs({
      count: Math.min(1000, options.count - offset),
      offset,
      seed: options.seed,
      now,
    });
    generating += cpuSeconds() - started;
    jobs.forEach((job, i) => {
      const fields = searchWords(
        [job.title, job.company, ...(job.skills ?? []), job.location ?? ''].join(' '),
      );
      const text = htmlToLines(job.descriptionHtml).join(' ');
      // What the search projection keeps is a prefix of the text, cut at a space: tokenize it and the rest
      // apart, which is the whole text's tokens without tokenizing anything twice.
      const head = htmlToText(job.descriptionHtml, INDEXED_DESCRIPTION_CHARS);
      const headWords = searchWords(head);
      const atBoundary = text.startsWith(head) && !/[\p{L}\p{N}]/u.test(text.charAt(head.length));
      const words = atBoundary ? headWords.concat(searchWords(text.slice(head.length))) : searchWords(text);
      lengths[offset + i] = words.length;
      count(fields);
      count(words);
      for (const word of fields) indexed.add(word);
      for (const word of headWords) indexed.add(word);
    });
  }
  const sortedLengths = [...lengths].sort((a, b) => a - b);
  const quantile = (q: number) =>
    sortedLengths[Math.min(sortedLengths.length - 1, Math.floor(q * sortedLengths.length))] ?? 0;
  const frequencies = [...counts.values()];
  const top = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([term, n]) => ({ term, count: n }));
  return {
    jobs: options.count,
    distinctTerms: counts.size,
    distinctIndexedTerms: indexed.size,
    tokens,
    descriptionWords: { min: quantile(0), p50: quantile(0.5), p95: quantile(0.95), max: quantile(1) },
    top,
    zipfSlope: zipfSlope(frequencies),
    onceShare: frequencies.filter((f) => f === 1).length / Math.max(1, frequencies.length),
    jobsPerCpuSecond: options.count / Math.max(generating, 1e-6),
  };
}

/** The report, as `npm run seed -- --stats` prints it. */
export function formatVocabularyStats(stats: VocabularyStats): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    `${n(stats.jobs)} jobs, ${n(stats.tokens)} term occurrences`,
    `distinct terms: ${n(stats.distinctTerms)} (${n(stats.distinctIndexedTerms)} in what the search index keeps: title, company, skills, location, first ${n(INDEXED_DESCRIPTION_CHARS)} characters of the description)`,
    `words per description: min ${stats.descriptionWords.min}, p50 ${stats.descriptionWords.p50}, p95 ${stats.descriptionWords.p95}, max ${stats.descriptionWords.max}`,
    `log-log rank/frequency slope: ${stats.zipfSlope.toFixed(2)}`,
    `terms seen once: ${(stats.onceShare * 100).toFixed(1)}%`,
    `generation: ${n(Math.round(stats.jobsPerCpuSecond))} jobs per CPU second`,
    `top 20: ${stats.top.map((t) => `${t.term} ${n(t.count)}`).join(', ')}`,
  ].join('\n');
}
