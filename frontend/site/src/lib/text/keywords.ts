/**
 * SEO keywords from filter values (spec section 5): empty values and 'all' are skipped, the rest
 * lower-cased, each kept once in the order given.
 */
export function seoKeywords(values: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const keyword = value?.trim().replace(/\s+/g, ' ').toLowerCase();
    if (!keyword || keyword === 'all') continue;
    seen.add(keyword);
  }
  return [...seen];
}
