import { describe, expect, it } from 'vitest';
import { cleanText, decodeEntities, foldAscii, htmlToText } from './text';
import { generateJobs } from '../../seed/generate';

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

describe('htmlToText over the whole text', () => {
  /** The line-by-line definition it replaced. */
  const byLines = (html: string) =>
    decodeEntities(
      html
        .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote|pre|hr)\b[^>]*>/gi, '\n')
        .replace(/<[^>]*>/g, ''),
    )
      .split('\n')
      .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
      .filter((line) => line.length > 0)
      .join('\n');

  it('gives what splitting into lines gave, on demo descriptions and random text', () => {
    for (const item of generateJobs({ count: 300, offset: 0, now: new Date('2026-06-01T00:00:00Z') }))
      expect(htmlToText(item.descriptionHtml)).toBe(byLines(item.descriptionHtml));
    const pieces = [
      'word',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\r\n',
      '\t',
      '\u00a0',
      '&nbsp;',
      '\u2028',
      '\u3000',
      '\ufeff',
      '<p>',
      '</p>',
      '<br>',
      '<li>',
      '<strong>',
      '&amp;',
      'é',
    ];
    let seed = 11;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let n = 0; n < 5000; n++) {
      let html = '';
      for (let k = Math.floor(random() * 12); k > 0; k--)
        html += pieces[Math.floor(random() * pieces.length)];
      expect(htmlToText(html), JSON.stringify(html)).toBe(byLines(html));
    }
  });
});
