/** GET /api/seo/canonical and GET /api/seo/should-noindex (spec section 7). */
export async function fetchCanonical(
  pathname: string,
  search: string,
  signal?: AbortSignal,
): Promise<string> {
  const params = new URLSearchParams({ pathname, search });
  const response = await fetch(`/api/seo/canonical?${params.toString()}`, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return ((await response.json()) as { canonical: string }).canonical;
}

export async function fetchShouldNoIndex(
  input: { url: string; hasResults: boolean; resultCount: number },
  signal?: AbortSignal,
): Promise<boolean> {
  const params = new URLSearchParams({
    url: input.url,
    hasResults: String(input.hasResults),
    resultCount: String(input.resultCount),
  });
  const response = await fetch(`/api/seo/should-noindex?${params.toString()}`, {
    credentials: 'include',
    signal,
  });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return ((await response.json()) as { shouldNoIndex: boolean }).shouldNoIndex;
}
