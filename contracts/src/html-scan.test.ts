import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToLines } from './html-lines';
import { scanLines, wellFormedText } from './html-scan';
import { htmlArbitrary } from './testing/html-arbitrary';

const htmlArb = htmlArbitrary(300);

describe('html-scan: the rules of html-lines.ts in one pass', () => {
  it('gives htmlToLines for any HTML it reads, and declines the rest', () => {
    let read = 0;
    fc.assert(
      fc.property(htmlArb, (html) => {
        const lines = scanLines(html);
        if (lines) {
          read++;
          expect(lines).toEqual(htmlToLines(html));
          expect(wellFormedText(html)).toBe(htmlToLines(html).join(' '));
        } else expect(/<(script|style)\b/i.test(html) || /<[^>]*(<|$)/.test(html)).toBe(true);
      }),
      { seed: 34, numRuns: 5_000 },
    );
    // Most random HTML has a '<' left open; a good share is still read.
    expect(read).toBeGreaterThan(500);
  });

  it('reads real descriptions: sections, lists, entities, spaces of every kind', () => {
    const html =
      '<h2>About Acme &amp; Co</h2><p>We build <strong>tools</strong>\u00a0for teams.&nbsp;Remote&#8209;first.</p>' +
      '<h3>Responsibilities</h3><ul><li>Ship\r\nfeatures</li><li>  Own &lt;C++&gt; code\u2028today </li></ul>' +
      '<p>&am<b>p;</b> more</p><PRE>x</PRE><pa>y</pa>';
    expect(scanLines(html)).toEqual(htmlToLines(html));
    expect(scanLines(html)).toEqual([
      'About Acme & Co',
      'We build tools for teams. Remote\u2011first.',
      'Responsibilities',
      // A line break in the text is a line break, as in the rules.
      'Ship',
      'features',
      'Own <C++> code today',
      '& more',
      'x',
      'y',
    ]);
    expect(scanLines('<p>a</p><script>x</script>')).toBeNull();
    expect(scanLines('a < b <p>c</p>')).toBeNull();
  });
});
