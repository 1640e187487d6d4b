/**
 * Job descriptions are untrusted HTML. We keep a small allow-list of structural tags, drop
 * anything that can run code or load content, and force safe link attributes.
 */
import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from './text';

const LINK_REL = 'nofollow noopener noreferrer';

const OPTIONS: sanitizeHtml.IOptions = {
  // div is kept (without attributes) because many ATS wrap every paragraph in one; dropping it
  // would run paragraphs together.
  allowedTags: [
    'p',
    'br',
    'div',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // rel and target are set by the transform below (which overwrites whatever the source had).
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Their text is code or markup, never content: drop it along with the tag.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'head',
    'title',
    'select',
    'button',
    'form',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: LINK_REL, target: '_blank' },
    }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'p' || frame.tag === 'div') && frame.text.trim() === '' && !frame.mediaChildren.length,
};

/**
 * Greenhouse (and some feeds) escape their HTML once more: '&lt;p&gt;Hello&lt;/p&gt;'. When a text
 * has escaped tags and no real ones, unescape it once before sanitising.
 */
export function unescapeDoubleEscaped(html: string): string {
  const hasRealTags = /<\/?[a-z][^>]*>/i.test(html);
  const hasEscapedTags = /&lt;\/?[a-z][^&]*?&gt;/i.test(html);
  return !hasRealTags && hasEscapedTags ? decodeEntities(html) : html;
}

/**
 * Tags the fast path below lets through as they are: allowed, without attributes, neither void (br, hr: written
 * back as '<br />') nor renamed (h1, h5, h6, a), nor with parser rules of their own (pre, tables).
 */
const AS_IS_TAGS = new Set([
  'p',
  'div',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
]);
/** Tags whose opening closes an open <p> in htmlparser2 (its openImpliesClose table, for AS_IS_TAGS). */
const CLOSES_P = new Set(['p', 'div', 'ul', 'ol', 'h2', 'h3', 'h4', 'blockquote']);
/** A tag as the fast path accepts it, an entity that decodes and escapes back to itself, or any other '<>&'. */
const TOKEN = /<(\/?)([a-z][a-z0-9]*)>|&(?:amp|lt|gt);|[<>&\0\r]/g;
const NON_SPACE = /\S/;

/**
 * True when sanitize-html would give back `html` unchanged: only AS_IS_TAGS, exactly '<tag>' and '</tag>',
 * properly nested, no tag the parser would close implicitly, no <p> or <div> without text (the exclusive filter
 * drops those), and text with no '<', '>' or '&' other than '&amp;', '&lt;' and '&gt;' (decoded, then escaped
 * back the same). Most machine-made descriptions (the demo seed's, many ATS exports) are such HTML; parsing
 * them was the largest cost of ingesting a job. Anything else goes through sanitize-html.
 * sanitise.test.ts checks this against sanitize-html on generated, hand-made and random HTML.
 */
export function isAlreadyClean(html: string): boolean {
  const stack: string[] = [];
  // Whether each open element has text so far (sanitize-html adds a child's text to its parent at its close).
  const hasText: boolean[] = [];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); ; m = TOKEN.exec(html)) {
    const end = m ? m.index : html.length;
    if (end > last && stack.length > 0 && !hasText[stack.length - 1] && NON_SPACE.test(html.slice(last, end)))
      hasText[stack.length - 1] = true;
    if (!m) break;
    last = TOKEN.lastIndex;
    const tag = m[2];
    if (tag === undefined) {
      const token = m[0];
      if (token.length === 1) return false;
      if (stack.length > 0) hasText[stack.length - 1] = true;
      continue;
    }
    if (!AS_IS_TAGS.has(tag)) return false;
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    if (m[1] === '') {
      if ((top === 'p' && CLOSES_P.has(tag)) || (top === 'li' && tag === 'li')) return false;
      stack.push(tag);
      hasText.push(false);
      continue;
    }
    if (tag !== top) return false;
    stack.pop();
    const text = hasText.pop()!;
    if (!text && (tag === 'p' || tag === 'div')) return false;
    if (text && stack.length > 0) hasText[stack.length - 1] = true;
  }
  return stack.length === 0;
}

/** sanitize-html with our options, always (the fast path's reference in tests). */
export function sanitiseByParser(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export function sanitiseHtml(html: string): string {
  const input = unescapeDoubleEscaped(html);
  return isAlreadyClean(input) ? input.trim() : sanitiseByParser(input);
}
