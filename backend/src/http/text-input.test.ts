import { describe, expect, it } from 'vitest';
import { unstorableText } from './text-input';

// The definition the native check replaced: U+0000, or a surrogate without its pair.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('unstorableText', () => {
  it('finds exactly the strings with U+0000 or an unpaired surrogate', () => {
    const pieces = ['a', 'é', '東', '\u0000', '\uD83D', '\uDE80', '🚀', '\uFFFD', ' ', '\n'];
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    let bad = 0;
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let k = Math.floor(random() * 8); k > 0; k--) text += pieces[Math.floor(random() * pieces.length)];
      const expected = UNSTORABLE.test(text);
      if (expected) bad++;
      expect(unstorableText(text) !== null, JSON.stringify(text)).toBe(expected);
    }
    expect(bad).toBeGreaterThan(1000);
  });

  it('names the field and the key', () => {
    expect(unstorableText({ items: [{ title: 'ok' }, { title: 'a\u0000b' }] })).toMatchObject({
      path: 'items.1.title',
    });
    expect(unstorableText({ ['k\uD800']: 1 })?.path).toBe('k\uFFFD');
    expect(unstorableText({ title: 'Rocket 🚀', company: 'Ørsted' })).toBeNull();
  });
});
