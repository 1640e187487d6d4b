/**
 * Description excerpts (spec section 2, Feed and Job card). The rules live in contracts
 * (description-text.ts) so the server's feed excerpt and the browser's read the same.
 */
import { MIN_DESCRIPTION_LENGTH, CARD_EXCERPT_LENGTH, excerptOf } from '@jobs/contracts/description-text';

export {
  FEED_EXCERPT_LENGTH,
  CARD_EXCERPT_LENGTH,
  MIN_DESCRIPTION_LENGTH,
  htmlToLines,
  truncate,
  excerptOf,
} from '@jobs/contracts/description-text';

export interface ExcerptSource {
  title: string;
  company: string;
  description: string | null;
  companyDescription?: string | null;
}

/**
 * A card's excerpt: from the description; when it has under 20 characters of text, from the company
 * description; else '{position} at {company}. Visit website for details.'
 */
export function cardExcerpt(job: ExcerptSource, max: number = CARD_EXCERPT_LENGTH): string {
  const fromDescription = excerptOf(job.description ?? '', max);
  if (fromDescription.length >= MIN_DESCRIPTION_LENGTH) return fromDescription;
  const fromCompany = excerptOf(job.companyDescription ?? '', max);
  if (fromCompany.length >= MIN_DESCRIPTION_LENGTH) return fromCompany;
  return `${job.title} at ${job.company}. Visit website for details.`;
}
