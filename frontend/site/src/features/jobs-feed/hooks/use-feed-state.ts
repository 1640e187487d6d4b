import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import {
  EMPTY_FILTERS,
  searchFromState,
  stateFromSearch,
  type FeedFilters,
  type FeedState,
  type SortKey,
} from '../filters';

/**
 * The feed's filters and sort, kept in the URL so a search can be shared and reloaded. Changes replace
 * the history entry (spec: replace, not push), so Back leaves the page rather than undoing filters.
 */
export function useFeedState() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => stateFromSearch(location.search), [location.search]);

  const replace = useCallback(
    (next: FeedState) => {
      const search = searchFromState(next);
      if (search !== location.search) {
        navigate(`${location.pathname}${search}${location.hash}`, { replace: true });
      }
    },
    [navigate, location.pathname, location.search, location.hash],
  );

  const setFilter = useCallback(
    <K extends keyof FeedFilters>(name: K, value: FeedFilters[K]) =>
      replace({ ...state, filters: { ...state.filters, [name]: value } }),
    [replace, state],
  );
  const clearFilters = useCallback(() => replace({ ...state, filters: EMPTY_FILTERS }), [replace, state]);
  const setSort = useCallback((sort: SortKey) => replace({ ...state, sort }), [replace, state]);

  return { state, setFilter, clearFilters, setSort };
}
