import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

/** Spec sections 5 and 9: requested from 2 characters, cached 60 s. */
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTIONS_STALE_MS = 60_000;

/** GET /api/suggestions?text=: a list of strings; 401 gives null (spec section 7). */
export async function fetchSuggestions(text: string, signal?: AbortSignal): Promise<string[] | null> {
  const response = await fetch(`/api/suggestions?${new URLSearchParams({ text }).toString()}`, {
    credentials: 'include',
    signal,
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return (await response.json()) as string[];
}

export function suggestionsQueryOptions(text: string) {
  const trimmed = text.trim();
  return queryOptions({
    queryKey: ['/api/suggestions', trimmed] as const,
    queryFn: ({ signal }) => fetchSuggestions(trimmed, signal),
    enabled: trimmed.length >= SUGGESTION_MIN_CHARS,
    staleTime: SUGGESTIONS_STALE_MS,
    retry: false,
  });
}

export function useSuggestions(text: string) {
  return useQuery(suggestionsQueryOptions(text));
}
