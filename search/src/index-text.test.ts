import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '@jobs/projections/jobs/index';
import { indexTextOf } from './index-text';
import { htmlArbitrary } from '@jobs/contracts/testing/html-arbitrary';

const htmlArb = htmlArbitrary(400);

describe('indexTextOf', () => {
  it('is htmlToText(html, max) for any HTML, from a prefix or the whole', () => {
    fc.assert(
      fc.property(htmlArb, fc.integer({ min: 1, max: 300 }), (html, max) => {
        expect(indexTextOf(html, max)).toBe(htmlToText(html, max, { cache: false }));
      }),
      { seed: 23, numRuns: 5_000 },
    );
  });

  it('reads the whole HTML where a prefix could read differently', () => {
    const words = 'word '.repeat(20);
    const cases = [
      // A '<' in the text: the whole's tag removal runs from it to a '>' after any prefix.
      `a < b <p>${words}</p>tail> end`,
      // A script's removal spans tags.
      `<p>${words}</p><script>x</p>${words}</script><p>${words}</p>`,
      // An attribute holding a block tag.
      `<a title="<p>">${words}</a><p>${words}</p>`,
    ];
    for (const html of cases)
      for (const max of [10, 20, 40, 90])
        expect(indexTextOf(html, max)).toBe(htmlToText(html, max, { cache: false }));
  });

  it('reads tags, entities and spaces as the rules do where it scans the HTML in one pass', () => {
    const cases = [
      // An entity across a removed tag is decoded after the tag is gone.
      'fish &am<b>p; chips, &l<i></i>t;b&gt;',
      // Block names are whole words: <pre> and <p-x> are blocks, <pa>, <h7>, < p> and </> are not.
      'a<pre>b<p-x>c<pa>d<h7>e< p>f</>g<PRE >h<Br/>i<H6 id=1>j</TABLE>k<p_x>l<p1>m',
      // Every kind of space, entities that make spaces and line breaks.
      'a\u2028b\u3000c\ufeffd\u202fe&nbsp;f&#10;g&#x2003;h \r\n\t\v\fi\u0085j\u200bk',
      '  <p>  </p> <br> lone > here &bogus; &#0; &#x110000; ',
      '',
      '<b></b>',
    ];
    for (const html of cases)
      for (const max of [10, 20, 40, 90])
        expect(indexTextOf(html, max)).toBe(htmlToText(html, max, { cache: false }));
  });

  it('is the same for long, well-formed descriptions, where it reads only a prefix', () => {
    const para = fc
      .array(fc.constantFrom('engineer', 'team', 'C++', 'naïve', '&amp;', 'remote', 'work,', 'build.', '–'), {
        minLength: 5,
        maxLength: 40,
      })
      .map((w) => w.join(' '));
    const docArb = fc
      .array(
        fc.tuple(
          fc.constantFrom('p', 'li', 'h2', 'div'),
          para,
          fc.constantFrom('', '<b>x</b>', '&nbsp;', '<br>'),
        ),
        { minLength: 20, maxLength: 120 },
      )
      .map((blocks) => blocks.map(([tag, text, extra]) => `<${tag}>${text}${extra}</${tag}>`).join(''));
    fc.assert(
      fc.property(docArb, fc.constantFrom(100, 500, 2000), (html, max) => {
        expect(indexTextOf(html, max)).toBe(htmlToText(html, max, { cache: false }));
      }),
      { seed: 29, numRuns: 2_000 },
    );
  });
});
