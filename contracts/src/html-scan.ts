import { decodeEntities } from './html-lines';

/**
 * html-lines.ts' rules in one pass, for HTML without script or style whose every '<' closes before the next '<'
 * (`wellFormedTags`): there each tag is exactly what the rules' tag expressions match, from its '<' to the next '>'.
 * The server's text of a description (description-text.ts, the embedded index's index text) goes this way when it
 * can, and the rules' regular expressions otherwise; the site keeps html-lines.ts alone (this is not in its bundle).
 * The same results as the rules, always: html-scan.test.ts compares them on random HTML.
 */

/** html-lines.ts' block tags' names: each such tag is a line break in the text. */
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

/** `htmlToLines(html)`, or null when `html` is not HTML this module reads (script, style, a '<' left open). */
export function scanLines(html: string): string[] | null {
  if (SCRIPT_OR_STYLE.test(html) || !wellFormedTags(html)) return null;
  const text = tagsToBreaks(html);
  const lines: string[] = [];
  let from = 0;
  for (;;) {
    const end = text.indexOf('\n', from);
    const line = joinRuns(end < 0 ? text.slice(from) : text.slice(from, end), Infinity);
    if (line) lines.push(line);
    if (end < 0) return lines;
    from = end + 1;
  }
}

const SCRIPT_OR_STYLE = /<(script|style)\b/i;

/** Whether `html` has a script or style element's opening (which this module does not read). */
export function hasScriptOrStyle(html: string): boolean {
  return SCRIPT_OR_STYLE.test(html);
}

/**
 * `htmlToLines(html).join(' ')` in one pass for HTML without script or style whose every '<' closes before the next
 * '<' (`wellFormedTags`): there each tag is exactly what the rules' tag expressions match, from its '<' to the next
 * '>'. A block tag (its name, the longest run of word characters after `<` or `</`, one of BLOCK_NAMES: the rule's
 * `\b`) is a line break, another tag nothing; entities are decoded after the tags are gone (an entity may span a
 * removed tag, as in the rules); then lines trimmed, empty lines dropped and lines joined by a space leave the
 * text's runs of non-space joined by single spaces.
 */
export function wellFormedText(html: string, limit = Infinity): string {
  return joinRuns(tagsToBreaks(html), limit);
}

/** The text of well-formed HTML before it is cut into lines: block tags as line breaks, other tags gone, entities decoded. */
function tagsToBreaks(html: string): string {
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
  return text.includes('&') ? decodeEntities(text) : text;
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
export function wellFormedTags(html: string): boolean {
  let at = html.indexOf('<');
  while (at >= 0) {
    const close = html.indexOf('>', at + 1);
    const next = html.indexOf('<', at + 1);
    if (close < 0 || (next >= 0 && next < close)) return false;
    at = next;
  }
  return true;
}
