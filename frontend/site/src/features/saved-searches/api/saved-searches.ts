import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SaveSearchRequest } from '@jobs/contracts/alerts';
import { toast } from '../../../components/ui/toast';
import { apiJson, apiRequest, getQueryFn, getServerMessage } from '../../../lib/api-client';

export const SAVED_SEARCHES_KEY = ['/api/saved-searches'] as const;

/** GET /api/saved-searches: null when signed out (401), cached 5 minutes (spec section 9). */
export const savedSearchesQuery = queryOptions({
  queryKey: SAVED_SEARCHES_KEY,
  queryFn: getQueryFn<SavedSearch[]>({ on401: 'returnNull' }),
  staleTime: 5 * 60 * 1000,
});

export const useSavedSearches = (enabled = true) => useQuery({ ...savedSearchesQuery, enabled });

export function useSaveSearch(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSearchRequest) => apiJson<SavedSearch>('POST', '/api/saved-searches', body),
    onSuccess: async () => {
      toast({ title: 'Search saved', description: 'Your search has been saved successfully.' });
      options.onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
    },
    onError: (error) => {
      toast({
        title: 'Failed to save search',
        description: getServerMessage(error, error.message),
        variant: 'destructive',
      });
    },
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: 'Search deleted', description: 'Your saved search has been deleted.' });
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
    },
    onError: (error) => {
      toast({
        title: 'Failed to delete search',
        description: getServerMessage(error, error.message),
        variant: 'destructive',
      });
    },
  });
}

/** POST /api/saved-searches/{id}/use: records the use; the caller applies the filters. */
export function useMarkSavedSearchUsed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<SavedSearch>('POST', `/api/saved-searches/${encodeURIComponent(id)}/use`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}
