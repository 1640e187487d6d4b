/**
 * A job description (sanitised HTML: the ingestion's allow-list of tags) as Markdown or plain text for an
 * assistant: headings, lists, emphasis and links kept, every other tag dropped, entities decoded. Never HTML.
 */
import { decodeEntities, htmlToLines } from '@jobs/contracts/description-text';

function inline(html: string): string {
  return html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, text: string) => {
      const label = text.replace(/<[^>]*>/g, '').trim();
      return /^https?:\/\//i.test(href) && label ? `[${label}](${href})` : label;
    })
    .replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_, _tag: string, text: string) =>
      text.trim() ? `**${text.trim()}**` : '',
    )
    .replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_, _tag: string, text: string) =>
      text.trim() ? `_${text.trim()}_` : '',
    );
}

/** Markdown of a sanitised HTML fragment. */
export function htmlToMarkdown(html: string): string {
  const marked = inline(html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ''))
    .replace(/<h([1-6])\b[^>]*>/gi, (_, level: string) => `\n\n${'#'.repeat(Math.max(2, Number(level)))} `)
    .replace(/<\/h[1-6]>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(li|ul|ol)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|section|blockquote|pre|table|tr|header|footer)\b[^>]*>/gi, '\n\n')
    .replace(/<hr\b[^>]*>/gi, '\n\n---\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(marked)
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text: one line per block. */
export function htmlToPlainText(html: string): string {
  return htmlToLines(html).join('\n');
}
