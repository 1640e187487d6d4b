import { describe, expect, it } from 'vitest';
import { cleanText, decodeEntities, foldAscii, htmlToText } from './text';

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
