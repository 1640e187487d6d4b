/**
 * Description excerpts (spec section 2, Feed and Job card). The rules live in contracts
 * (description-text.ts): the server makes every excerpt (the API's `excerpt`, with the company-description
 * fallback) and the browser only shortens it for 150-character cards, so lists of cards carry no
 * description-to-text code (issue 23: the job page's JavaScript budget).
 */
import { truncate } from '@jobs/contracts/html-lines';

export { decodeEntities, htmlToLines, truncate } from '@jobs/contracts/html-lines';

/** Spec section 9 (contracts' CARD_EXCERPT_LENGTH and MIN_DESCRIPTION_LENGTH; text.test.ts checks they agree). */
export const CARD_EXCERPT_LENGTH = 150;
export const MIN_DESCRIPTION_LENGTH = 20;

export interface ExcerptSource {
  title: string;
  company: string;
  /** The API's excerpt (description, else company description); missing in lists that do not carry it. */
  excerpt?: string | null;
}

/**
 * A card's excerpt: the server's, shortened to `max` characters at a word; when it has under 20 characters,
 * '{position} at {company}. Visit website for details.'
 */
export function cardExcerpt(job: ExcerptSource, max: number = CARD_EXCERPT_LENGTH): string {
  const excerpt = job.excerpt ?? '';
  if (excerpt.length >= MIN_DESCRIPTION_LENGTH) return truncate(excerpt, max);
  return `${job.title} at ${job.company}. Visit website for details.`;
}
