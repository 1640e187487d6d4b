export { relativeAge, cardAge, updatedAgo } from './relative-age';
export {
  cardExcerpt,
  htmlToLines,
  truncate,
  CARD_EXCERPT_LENGTH,
  MIN_DESCRIPTION_LENGTH,
  type ExcerptSource,
} from './excerpt';
export { feedHeading, filterWords, type HeadingFilters } from './heading';
export { seoKeywords } from './keywords';
export { highlightParts, highlightTerms, type HighlightPart } from './highlight';
