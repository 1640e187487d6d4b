/** Small text helpers shared by the normalisers: entity decoding, HTML to plain text, ASCII folding. */

import { scanLines } from '@jobs/contracts/html-scan';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
  bull: '\u2022',
  middot: '\u00b7',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
};

/** Decodes HTML entities once, in a single pass (so '&amp;lt;' becomes '&lt;', not '<'). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS = /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote|pre|hr)\b[^>]*>/gi;

/**
 * Where these rules and html-lines.ts' (which html-scan.ts reads in one pass) can differ: three more block tags
 * there (section, header, footer), and seven named entities decoded here only (one may be spelt across a removed
 * tag, '&eu<b></b>ro;': hence any '&' and letters followed by '<'). Script and style, dropped there, html-scan.ts
 * declines (null). Everywhere else both give the same lines: the same other block tags, tag and entity expressions
 * and whitespace classes (`[\s\u00a0]` is `\s`; '&nbsp;' is a space there and U+00A0 here, which collapse alike).
 */
const RULES_DIFFER = /<\/?(section|header|footer)\b|&(middot|euro|pound|yen|copy|reg|trade);|&[a-z]*</i;

/**
 * Plain text of an HTML fragment: block boundaries become line breaks, whitespace is collapsed per line. In one pass
 * (html-scan.ts) where that reads the HTML and gives the same lines (issue 26: this ran once per ingested job at
 * about 50 µs with regular expressions, ~38 µs this way on demo descriptions); else the expressions below.
 */
export function htmlToText(html: string): string {
  if (!RULES_DIFFER.test(html)) {
    const lines = scanLines(html);
    if (lines) return lines.join('\n');
  }
  return htmlToTextByRules(html);
}

/** htmlToText by its regular expressions (the definition; text.test.ts compares the one-pass path with it). */
export function htmlToTextByRules(html: string): string {
  const withBreaks = html.replace(BLOCK_TAGS, '\n').replace(/<[^>]*>/g, '');
  return decodeEntities(withBreaks)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Plain, single-line text of a short field (title, company, location). */
export function cleanText(text: string): string {
  return decodeEntities(text.replace(/<[^>]*>/g, ' '))
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Folds accented Latin letters to ASCII ('São Paulo' → 'Sao Paulo', 'Straße' → 'Strasse'). */
export function foldAscii(text: string): string {
  return text
    .replace(/[ßæÆœŒøØłŁđĐðþı]/g, (ch) => SPECIAL_FOLDS[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
}
