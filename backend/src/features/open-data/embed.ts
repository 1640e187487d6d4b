/**
 * The embeddable job list (/embed): one small, self-contained HTML page (inline CSS, no script, no
 * React) that other sites put in an iframe. Links open the job page in a new tab. Every text is escaped.
 */
import { escapeHtml } from '../../http/site';
import { SITE_NAME } from '../site-seo/head';
import type { FeedItem } from './feed-items';
import { workplaceOf } from './feed-items';
import { jobUrl } from './render-feed';

/** Frameable by any site, and nothing else loads: styles inline, images only over https. */
export const EMBED_CSP =
  "frame-ancestors *; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff}
ul{list-style:none;margin:0;padding:0}li{border-bottom:1px solid #e5e7eb}
a.job{display:block;padding:10px 12px;color:inherit;text-decoration:none}a.job:hover,a.job:focus{background:#f3f4f6}
.t{font-weight:600;color:#1d4ed8}.m{color:#4b5563;font-size:12px;margin-top:2px}.s{color:#047857}
.empty{padding:16px 12px;color:#4b5563}footer{padding:8px 12px;font-size:12px;color:#6b7280}footer a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f9fafb}li{border-color:#374151}a.job:hover,a.job:focus{background:#1f2937}.t,footer a{color:#93c5fd}.m,.empty,footer{color:#9ca3af}.s{color:#6ee7b7}}
`.trim();

function dateOf(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function itemHtml(publicUrl: string, item: FeedItem): string {
  const meta = [item.company, item.location, workplaceOf(item), item.type, dateOf(item.datePosted)]
    .filter(Boolean)
    .map(escapeHtml)
    .join(' · ');
  const salary = item.salary ? ` · <span class="s">${escapeHtml(item.salary)}</span>` : '';
  return `<li><a class="job" href="${escapeHtml(jobUrl(publicUrl, item))}" target="_blank" rel="noopener"><div class="t">${escapeHtml(item.title)}</div><div class="m">${meta}${salary}</div></a></li>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function renderEmbed(input: {
  publicUrl: string;
  title: string;
  /** The board's page of this search: the attribution link. */
  siteUrl: string;
  items: FeedItem[];
}): string {
  const list = input.items.length
    ? `<ul>${input.items.map((item) => itemHtml(input.publicUrl, item)).join('')}</ul>`
    : '<p class="empty">No jobs match this search right now.</p>';
  const footer = `<footer>Jobs from <a href="${escapeHtml(input.siteUrl)}" target="_blank" rel="noopener">${escapeHtml(SITE_NAME)}</a></footer>`;
  return page(input.title, list + footer);
}

/** A parameter the list cannot mean: still a frameable page, so the embedding site shows why. */
export function renderEmbedError(message: string): string {
  return page(`${SITE_NAME}: invalid list`, `<p class="empty">${escapeHtml(message)}</p>`);
}
