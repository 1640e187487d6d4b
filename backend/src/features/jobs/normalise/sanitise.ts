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

export function sanitiseHtml(html: string): string {
  const clean = sanitizeHtml(unescapeDoubleEscaped(html), OPTIONS);
  return clean.trim();
}
