/**
 * Plain text, excerpts and slugs derived from a job's content. The jobs read model and the search
 * index projection both use them, so the feed and the index show the same excerpt.
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

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = hex ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS =
  /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote|pre|hr|section|header|footer)\b[^>]*>/gi;

/** The text lines of an HTML fragment: one per block, whitespace collapsed, empty lines dropped. */
export function htmlToLines(html: string): string[] {
  const withBreaks = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(BLOCK_TAGS, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(withBreaks)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line.length > 0);
}

/** Plain text of an HTML fragment, lines joined by a space, truncated to `max` characters. */
export function htmlToText(html: string, max = 2000): string {
  return truncate(htmlToLines(html).join(' '), max, '');
}

/** Cuts at a word boundary so the result (with the ellipsis) is at most `max` characters. */
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

/** A short line that reads like a section heading ('Responsibilities', 'What you'll do:'). */
function isHeading(line: string): boolean {
  return line.length <= 60 && !/[.!?]$/.test(line) && line.split(' ').length <= 8;
}

const RESPONSIBILITIES =
  /^(key |main |your |core )?(responsibilities|duties|what you('| wi)ll (do|be doing)|what you will do|in this role|the role|about the role|your role|role overview|the job|about the job|job description|the position|about the position|what we('re| are) looking for|the opportunity|your mission|your impact)\b/i;
const BOILERPLATE =
  /^(about (us|the company|the team)|who we are|our (company|story|mission)|company (overview|description)|about [A-Z])/i;

/** The length of the feed's description excerpt (spec section 2, Feed). */
export const EXCERPT_LENGTH = 200;

/**
 * The feed excerpt: skips company boilerplate and starts at a responsibilities-like section when one
 * can be found (spec section 2, Feed), at most `max` characters.
 */
export function excerptOf(html: string, max = EXCERPT_LENGTH): string {
  const lines = htmlToLines(html);
  let start = lines.findIndex((line) => isHeading(line) && RESPONSIBILITIES.test(line));
  if (start >= 0 && start + 1 < lines.length) {
    start += 1;
  } else if (lines.length > 1 && isHeading(lines[0]!) && BOILERPLATE.test(lines[0]!)) {
    // An 'About us' section first: skip to the next heading, if there is one with text after it.
    const next = lines.findIndex((line, i) => i > 0 && isHeading(line));
    start = next > 0 && next + 1 < lines.length ? next + 1 : 0;
  } else {
    start = 0;
  }
  return truncate(lines.slice(start).join(' '), max);
}

/**
 * The company slug is the one the company decider names its `company-{slug}` stream with, so profile
 * events and job rows meet on one companies row.
 */
export { companySlug } from '@jobs/contracts';
