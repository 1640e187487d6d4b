import { describe, expect, it } from 'vitest';
import { descriptionWords, isLetters } from './description-words';
import { searchWords } from './text';

/** The words as the rebuild made them before: every word a string, a Set of them. */
function reference(text: string) {
  const letters: string[] = [];
  const others: string[] = [];
  for (const word of new Set(searchWords(text))) (isLetters(word) ? letters : others).push(word);
  return { description_letters: letters.join(' '), description_words: others.join(' ') };
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'go',
  'Go',
  'GO',
  'rust',
  'c++',
  'C#',
  '#',
  '++',
  '+',
  'x86',
  '2024',
  'node.js',
  'Straße',
  'straße',
  '東京',
  'naïve',
  'café',
  'Ελληνικά',
  'ΣΊΣΥΦΟΣ',
  'İstanbul',
  'ﬁle',
  'a',
  'b',
  'remote-first',
  '401k',
  '“quoted”',
  '—',
  '\u00a0',
  '\t',
  '\n',
  ' ',
  '  ',
  ',',
  '.',
  'é',
  'e\u0301',
  'DATA',
  'data',
  'x'.repeat(300),
  'y'.repeat(255),
  'ß',
  '😀',
  'k8s',
];

describe('descriptionWords', () => {
  it('gives the same words, once each, in the same order, as the Set of searchWords', () => {
    const next = random(26);
    for (let n = 0; n < 3000; n++) {
      const parts: string[] = [];
      const count = Math.floor(next() * (n % 10 === 0 ? 3000 : 60));
      for (let i = 0; i < count; i++) parts.push(PIECES[Math.floor(next() * PIECES.length)]!);
      const text = parts.join(next() < 0.5 ? ' ' : '');
      expect(descriptionWords(text)).toEqual(reference(text));
    }
  });

  it('keeps thousands of distinct words of one description (the table grows) and forgets them for the next', () => {
    const many = Array.from(
      { length: 5000 },
      (_, i) => `w${i} word${String.fromCharCode(97 + (i % 26))}`,
    ).join(' ');
    expect(descriptionWords(many)).toEqual(reference(many));
    expect(descriptionWords('go go rust')).toEqual({ description_letters: 'go rust', description_words: '' });
    expect(descriptionWords('')).toEqual({ description_letters: '', description_words: '' });
  });
});
