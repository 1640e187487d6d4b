/**
 * HTML to text lines, entity decoding and word-boundary truncation: the small part of the description text
 * rules the job page needs in the browser (its description sections and the company tab). Kept apart from
 * the excerpt rules (description-text.ts) so a page that only shows sections does not carry those.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  rsquo: '\u2019',
  lsquo: '\u2018',
  rdquo: '\u201d',
  ldquo: '\u201c',
  bull: '\u2022',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = hex ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS =
  /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote|pre|hr|section|header|footer)\b[^>]*>/gi;

/**
 * The text of an HTML fragment before it is cut into lines: scripts and styles dropped, a line break for each block
 * tag, other tags removed, entities decoded; whitespace as it is. For a caller that only wants its words.
 */
export function htmlToPlainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(BLOCK_TAGS, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

/** The text lines of an HTML fragment: one per block, whitespace collapsed, empty lines dropped. */
export function htmlToLines(html: string): string[] {
  // Whitespace runs other than line breaks (nbsp included: \s covers it) collapse in one pass over the text,
  // not one regex run per line.
  const lines = htmlToPlainText(html)
    .replace(/[^\S\n]+/g, ' ')
    .split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed) out.push(trimmed);
  }
  return out;
}

/** Cuts at a word boundary so the result, ellipsis included, is at most `max` characters. */
export function truncate(text: string, max: number, ellipsis = '\u2026'): string {
  if (text.length <= max) return text;
  const room = max - ellipsis.length;
  const cut = text.slice(0, room + 1);
  const space = cut.lastIndexOf(' ');
  const head = (space > room * 0.6 ? cut.slice(0, space) : cut.slice(0, room)).replace(
    /[\s,;:.\u2013\u2014-]+$/,
    '',
  );
  return head + ellipsis;
}
