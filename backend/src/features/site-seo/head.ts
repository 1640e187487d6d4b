/** The head tags every server-rendered page shares: description, keywords, Open Graph, Twitter, canonical. */
import { escapeHtml } from '../../http/site';
import { jsonLdScript, type JsonLd } from './json-ld';

export const SITE_NAME = 'RemoteJobs';

export interface HeadInput {
  title: string;
  description: string;
  keywords: string[];
  canonical: string;
  /** og:type: 'article' for a job, 'profile' for a company, 'website' otherwise. */
  type?: string;
  image?: string | null;
  /** Text for the image (og:image:alt, twitter:image:alt). */
  imageAlt?: string;
  /** 'noindex' for pages that answer 404 or 410. */
  robots?: string;
  /** Null entries (a JobPosting that cannot be stated) are left out. */
  jsonLd?: (JsonLd | null)[];
}

/** Keywords as the spec wants them (section 5): no empty or 'all' values, lower case, no repeats. */
export function keywordList(values: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const word = value?.trim().toLowerCase();
    if (word && word !== 'all') seen.add(word);
  }
  return [...seen];
}

export function headTags(input: HeadInput): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    meta('name', 'description', input.description),
    meta('name', 'keywords', input.keywords.join(', ')),
    meta('name', 'robots', input.robots ?? 'index, follow'),
    `<link rel="canonical" href="${escapeHtml(input.canonical)}">`,
    meta('property', 'og:title', input.title),
    meta('property', 'og:description', input.description),
    meta('property', 'og:type', input.type ?? 'website'),
    meta('property', 'og:url', input.canonical),
    meta('property', 'og:site_name', SITE_NAME),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', input.title),
    meta('name', 'twitter:description', input.description),
  ];
  if (input.image) {
    tags.push(meta('property', 'og:image', input.image), meta('name', 'twitter:image', input.image));
    if (input.imageAlt) {
      tags.push(
        meta('property', 'og:image:alt', input.imageAlt),
        meta('name', 'twitter:image:alt', input.imageAlt),
      );
    }
  }
  for (const data of input.jsonLd ?? []) if (data) tags.push(jsonLdScript(data));
  return tags.join('\n');
}

/** Plain text of sanitised HTML, whitespace collapsed, cut at a word to `max` characters. */
export function plainSummary(html: string, max = 160): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}\u2026`;
}
