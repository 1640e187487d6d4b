export interface HighlightPart {
  text: string;
  match: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The search's words worth marking: 2 characters or more, longest first so 'react' beats 're'. */
export function highlightTerms(query: string | undefined): string[] {
  const words = (query ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => w.length >= 2);
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** `text` cut into parts, each marked when it is one of the search's words (case-insensitive). */
export function highlightParts(text: string, query: string | undefined): HighlightPart[] {
  const terms = highlightTerms(query);
  if (!terms.length || !text) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  return text
    .split(pattern)
    .filter((part) => part.length > 0)
    .map((part) => ({ text: part, match: terms.includes(part.toLowerCase()) }));
}
