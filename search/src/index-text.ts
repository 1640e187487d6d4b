import { hasScriptOrStyle, wellFormedTags, wellFormedText } from '@jobs/contracts/html-scan';
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
  if (from < html.length && !hasScriptOrStyle(html)) {
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
    !hasScriptOrStyle(html) && wellFormedTags(html)
      ? wellFormedText(html, max + 2)
      : htmlToText(html, Infinity, { cache: false });
  return cut(whole, max);
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
