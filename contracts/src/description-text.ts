/**
 * Description text shared by the server and the site: plain text of sanitised description HTML and the
 * feed excerpt (spec section 2, Feed and Job card: skip company boilerplate, start at a
 * responsibilities-like section when one can be found). One definition, so a card reads the same whether
 * the server (read model, search index, feeds) or the browser made it.
 */

import { htmlToLines, truncate } from './html-lines';
import { scanLines } from './html-scan';

export { decodeEntities, htmlToLines, htmlToPlainText, truncate } from './html-lines';

/** Spec section 9. */
export const FEED_EXCERPT_LENGTH = 200;
export const CARD_EXCERPT_LENGTH = 150;
/** Under this many characters a description is treated as missing (spec section 2, Job card). */
export const MIN_DESCRIPTION_LENGTH = 20;

/** A short line that reads like a section heading ('Responsibilities', 'What you'll do:'). */
function isHeading(line: string): boolean {
  return line.length <= 60 && !/[.!?]$/.test(line) && line.split(' ').length <= 8;
}

const RESPONSIBILITIES =
  /^(key |main |your |core )?(responsibilities|duties|what you('|\u2019| wi)ll (do|be doing)|what you will do|in this role|the role|about the role|your role|role overview|the job|about the job|job description|the position|about the position|what we('re|\u2019re| are) looking for|the opportunity|your mission|your impact)\b/i;
const BOILERPLATE =
  /^(about (us|the company|the team)|who we are|our (company|story|mission)|company (overview|description)|about [A-Z])/i;

/** Where the excerpt starts: after a responsibilities heading, else after an 'About us' section. */
function startLine(lines: readonly string[]): number {
  const section = lines.findIndex((line) => isHeading(line) && RESPONSIBILITIES.test(line));
  if (section >= 0 && section + 1 < lines.length) return section + 1;
  const first = lines[0];
  if (lines.length > 1 && first !== undefined && isHeading(first) && BOILERPLATE.test(first)) {
    const next = lines.findIndex((line, i) => i > 0 && isHeading(line));
    return next > 0 && next + 1 < lines.length ? next + 1 : 0;
  }
  return 0;
}

/**
 * The last few descriptions' lines: a job's description passes the jobs read model and the search index
 * projection one after the other (and the excerpt and the index text are both made from it), so the
 * same HTML is split into lines several times within moments. Bounded, oldest out first.
 */
const LINES_CACHE_SIZE = 2_000;
const linesCache = new Map<string, readonly string[]>();

/** `htmlToLines(html)`, in one pass where html-scan.ts can read the HTML (the same lines). */
function linesOf(html: string): string[] {
  return scanLines(html) ?? htmlToLines(html);
}

function cachedLines(html: string): readonly string[] {
  const hit = linesCache.get(html);
  if (hit) return hit;
  const lines = linesOf(html);
  linesCache.set(html, lines);
  if (linesCache.size > LINES_CACHE_SIZE) linesCache.delete(linesCache.keys().next().value!);
  return lines;
}

/** The description's lines if the shared cache holds them (nothing is parsed or added). */
export function cachedLinesIfAny(html: string): readonly string[] | undefined {
  return linesCache.get(html);
}

/** The excerpt of a description (HTML or text), at most `max` characters. */
export function excerptOf(html: string, max: number = FEED_EXCERPT_LENGTH): string {
  const lines = cachedLines(html);
  return truncate(lines.slice(startLine(lines)).join(' '), max);
}

/** Plain text of an HTML fragment, lines joined by a space, at most `max` characters (no ellipsis). */
export function htmlToText(html: string, max = 2000, options: { cache?: boolean } = {}): string {
  // The cache pays when the same HTML is split again moments later (excerpt and index text of one job); a caller
  // that sees each description once (an index built from every event) skips hashing 4 kB keys into it.
  const lines = options.cache === false ? linesOf(html) : cachedLines(html);
  return truncate(lines.join(' '), max, '');
}

/**
 * A job's card excerpt (spec section 2, Job card): the description's excerpt; when that has under 20
 * characters, the company description's; else the description's as it is (a card then shows
 * '{position} at {company}. Visit website for details.'). The read model keeps the description's excerpt;
 * the API applies the fallback when it answers, so a feed card, a similar job and a company's job read alike.
 */
export function jobExcerpt(
  excerpt: string,
  companyDescription: string | null,
  max = FEED_EXCERPT_LENGTH,
): string {
  if (excerpt.length >= MIN_DESCRIPTION_LENGTH || !companyDescription) return excerpt;
  const fromCompany = excerptOf(companyDescription, max);
  return fromCompany.length >= MIN_DESCRIPTION_LENGTH ? fromCompany : excerpt;
}
