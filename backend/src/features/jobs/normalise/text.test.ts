import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlArbitrary } from '@jobs/contracts/testing/html-arbitrary';
import { generateJobs } from '../../seed/generate';
import { sanitiseHtml } from './sanitise';
import { cleanText, decodeEntities, foldAscii, htmlToText, htmlToTextByRules } from './text';

describe('text helpers', () => {
  it('decodes entities once, never twice', () => {
    expect(decodeEntities('a &amp;lt; b &#233; &#x41; &nbsp;&unknown;')).toBe('a &lt; b é A \u00a0&unknown;');
  });

  it('turns HTML into lines of plain text', () => {
    expect(
      htmlToText('<h2>Role</h2><p>Build <b>things</b> &amp; ship.</p><ul><li>One</li><li>Two</li></ul>'),
    ).toBe('Role\nBuild things & ship.\nOne\nTwo');
  });

  it('cleans a short field', () => {
    expect(cleanText('  Senior&nbsp;Engineer <b>(Remote)</b> ')).toBe('Senior Engineer (Remote)');
  });

  it('folds accents to ASCII', () => {
    expect(foldAscii('São Paulo Zürich Straße Łódź Ærø')).toBe('Sao Paulo Zurich Strasse Lodz AEro');
  });
});

describe('htmlToText in one pass', () => {
  // The shared pieces, and those only the normaliser's rules treat apart (section breaks, seven more entities).
  const htmlArb = htmlArbitrary(200, [
    '<section>',
    '</footer>',
    '<header class="x">',
    '<sections>',
    '&NBSP;',
    '&euro;',
    '&Copy;',
    '&middot;',
    '&eu',
    'ro;',
  ]);

  it('gives the lines of its regular expressions on random HTML', () => {
    fc.assert(
      fc.property(htmlArb, (html) => {
        expect(htmlToText(html)).toBe(htmlToTextByRules(html));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the lines of its regular expressions on demo descriptions, sanitised as ingestion does', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    for (const item of generateJobs({ count: 300, offset: 77, now })) {
      const html = sanitiseHtml(item.descriptionHtml);
      expect(htmlToText(html)).toBe(htmlToTextByRules(html));
    }
  });

  it('keeps what only these rules do: seven more entities (also spelt across a tag), no section breaks', () => {
    for (const html of [
      '<p>5 &euro; &middot; x</p>',
      '<p>5 &eu<b></b>ro; a</p>',
      '<section>a</section>b',
      '<p>a<script>b</script></p>',
    ])
      expect(htmlToText(html)).toBe(htmlToTextByRules(html));
    expect(htmlToText('<p>5 &eu<b></b>ro;</p>')).toBe('5 €');
    expect(htmlToText('<section>a</section>b')).toBe('ab');
  });
});
