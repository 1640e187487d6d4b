/**
 * A small XML writer: every text and attribute goes through `escapeXml`, which also drops the characters
 * XML 1.0 forbids (a job description can carry a stray control character; one would make the whole feed
 * unreadable to a strict parser).
 */

const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
    );
}

export type Attributes = Record<string, string | number | boolean | null | undefined>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
}

/** `<name attrs>text</name>`; a null or undefined text leaves the element out. */
export function textElement(name: string, text: string | null | undefined, attrs: Attributes = {}): string {
  if (text === null || text === undefined) return '';
  return `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;
}

/** `<name attrs/>`. */
export function emptyElement(name: string, attrs: Attributes): string {
  return `<${name}${attributes(attrs)}/>`;
}

/** `<name attrs>children</name>`: the children are already written. */
export function element(name: string, children: string[], attrs: Attributes = {}): string {
  return `<${name}${attributes(attrs)}>${children.join('')}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
