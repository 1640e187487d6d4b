import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanSearchWords, searchWords } from './text';

/** The tokenizer as first written: Unicode-aware regular expressions over the whole text. */
const reference = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\+\+/g, 'pp ')
    .replace(/#/g, 'sharp ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);

describe('searchWords', () => {
  it('splits ASCII text in one pass exactly as the Unicode-aware reference does', () => {
    const chars = 'aZq09 +#-.,_/\\\n\tC'.split('');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...chars), maxLength: 40 }), (s) => {
        expect(searchWords(s)).toEqual(reference(s));
      }),
      { seed: 17, numRuns: 20_000 },
    );
  });

  it('splits text with other characters (accents, typographic quotes, ligatures, marks) like the reference', () => {
    const chars = 'aZq09 +#-.,_/\n\té’–—“”•ßİΣσςﬁ™½\u0301\u00a0ǅ日本x'.split('');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...chars), maxLength: 30 }), (s) => {
        expect(searchWords(s)).toEqual(reference(s));
      }),
      { seed: 18, numRuns: 20_000 },
    );
  });

  it('has a scanning twin (scanSearchWords) that finds the same words in the same order', () => {
    const scanned = (value: string) => {
      const out: string[] = [];
      scanSearchWords(
        value,
        (text, start, end, suffix) => out.push(text.slice(start, end) + suffix),
        (w) => out.push(w),
      );
      return out;
    };
    const chars = 'aZq09 +#-.,_/\\\n\té’–—“”•ßİΣσςﬁ™½\u0301\u00a0ǅ日本x++##'.split('');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...chars), maxLength: 40 }), (s) => {
        expect(scanned(s)).toEqual(searchWords(s));
      }),
      { seed: 19, numRuns: 20_000 },
    );
    expect(scanned('C++ a++b ++ # é++ C# ##')).toEqual(searchWords('C++ a++b ++ # é++ C# ##'));
  });

  it('keeps C++, C# and Node.js apart, lower-cases, and strips accents', () => {
    expect(searchWords('Senior C++ / C# Engineer (Node.js)')).toEqual([
      'senior',
      'cpp',
      'csharp',
      'engineer',
      'node',
      'js',
    ]);
    expect(searchWords('Développeur São Paulo')).toEqual(['developpeur', 'sao', 'paulo']);
    expect(searchWords('Ünïcödé and ASCII')).toEqual(reference('Ünïcödé and ASCII'));
  });
});
