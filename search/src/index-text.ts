import { decodeEntities } from '@jobs/contracts/html-lines';
import { htmlToText } from '@jobs/contracts/description-text';

/** Characters the end of a cut text loses (truncate's `[\s,;:.\u2013\u2014-]+$`), one at a time. */
const TRAILING = /[\s,;:.\u2013\u2014-]/;
/** html-lines.ts' block tags: each is a line break in the text. */
const BLOCK_TAG = /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|blockquote|pre|hr|section|header|footer)\b[^>]*>/gi;

/**
 * `htmlToText(html, max, { cache: false })` (the index's plain text of a description) from only as much of the
 * HTML as the first `max` characters of text need: most descriptions are longer than the index keeps, and the
 * text rules (contracts' html-lines.ts) are regular expressions over the whole HTML. The same string, always
 * (index-text.test.ts compares them on random and demo HTML):
 *
 * - the prefix ends with a block tag (a line break in the text, which no entity, whitespace run or line spans)
 *   and every '<' in it opens a tag that closes before the next '<', so every tag and entity the rules find in
 *   the prefix is one they find in the whole, and the prefix's text is the whole's first lines;
 * - it is used only when its text is longer than `max`, so the `max + 1` characters the cut reads are the whole's;
 * - HTML with a script or style element (its removal spans tags), or without such a prefix, goes the whole way.
 */
export function indexTextOf(html: string, max: number): string {
  // Text is never longer than its HTML: start with a little more HTML than the text needed, then grow.
  let from = max + 1 + (max >> 2);
  if (from < html.length && !/<(script|style)\b/i.test(html)) {
    while (from < html.length) {
      BLOCK_TAG.lastIndex = from;
      const tag = BLOCK_TAG.exec(html);
      if (!tag) break;
      const prefix = html.slice(0, tag.index + tag[0].length);
      if (!wellFormedTags(prefix)) break;
      // Its first max + 2 characters at least: enough to tell it is longer than max, and all `cut` reads.
      const text = wellFormedText(prefix, max + 2);
      if (text.length > max) return cut(text, max);
      from = prefix.length + (max >> 1);
    }
  }
  const whole =
    !/<(script|style)\b/i.test(html) && wellFormedTags(html)
      ? wellFormedText(html, max + 2)
      : htmlToText(html, Infinity, { cache: false });
  return cut(whole, max);
}

/** html-lines.ts' block tag names (BLOCK_TAG above). */
const BLOCK_NAMES = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'blockquote',
  'pre',
  'hr',
  'section',
  'header',
  'footer',
]);

/**
 * `htmlToLines(html).join(' ')` in one pass for HTML without script or style whose every '<' closes before the next
 * '<' (`wellFormedTags`): there each tag is exactly what the rules' tag expressions match, from its '<' to the next
 * '>'. A block tag (its name, the longest run of word characters after `<` or `</`, one of BLOCK_NAMES: the rule's
 * `\b`) is a line break, another tag nothing; entities are decoded after the tags are gone (an entity may span a
 * removed tag, as in the rules); then lines trimmed, empty lines dropped and lines joined by a space leave the
 * text's runs of non-space joined by single spaces.
 */
function wellFormedText(html: string, limit = Infinity): string {
  let text = '';
  let at = 0;
  for (;;) {
    const open = html.indexOf('<', at);
    if (open < 0) {
      text += at ? html.slice(at) : html;
      break;
    }
    const close = html.indexOf('>', open + 1);
    if (open > at) text += html.slice(at, open);
    if (isBlockTag(html, open + 1, close)) text += '\n';
    at = close + 1;
  }
  if (text.includes('&')) text = decodeEntities(text);
  return joinRuns(text, limit);
}

function isBlockTag(html: string, from: number, close: number): boolean {
  if (html.charCodeAt(from) === 47 /* / */) from++;
  let end = from;
  while (end < close && isWordChar(html.charCodeAt(end))) end++;
  const length = end - from;
  return length > 0 && length <= 10 && BLOCK_NAMES.has(html.slice(from, end).toLowerCase());
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** What `\s` matches (and `trim` removes). */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The runs of non-space characters of `text`, joined by single spaces, or its first `limit` characters or more
 * (a caller reads no further). Text between runs already parted by one ' ' is copied as one piece.
 */
function joinRuns(text: string, limit: number): string {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  while (i < n && out.length < limit) {
    // A piece: runs parted by single spaces, up to a run of other spaces (or the end).
    const start = i;
    for (;;) {
      while (i < n && !isSpace(text.charCodeAt(i))) i++;
      if (i + 1 < n && text.charCodeAt(i) === 32 && !isSpace(text.charCodeAt(i + 1))) i++;
      else break;
    }
    out = out ? out + ' ' + text.slice(start, i) : text.slice(start, i);
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  }
  return out;
}
/** Every '<' opens a tag that closes ('>') before the next '<'. */
function wellFormedTags(html: string): boolean {
  let at = html.indexOf('<');
  while (at >= 0) {
    const close = html.indexOf('>', at + 1);
    const next = html.indexOf('<', at + 1);
    if (close < 0 || (next >= 0 && next < close)) return false;
    at = next;
  }
  return true;
}

/** contracts' `truncate(text, max, '')`, its trailing-characters regex replaced by a loop (the same string). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const piece = text.slice(0, max + 1);
  const space = piece.lastIndexOf(' ');
  const head = space > max * 0.6 ? piece.slice(0, space) : piece.slice(0, max);
  let keep = head.length;
  while (keep > 0 && TRAILING.test(head[keep - 1]!)) keep--;
  return keep === head.length ? head : head.slice(0, keep);
}
