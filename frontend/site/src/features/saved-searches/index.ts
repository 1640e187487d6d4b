export { SaveSearchButton } from './components/save-search-button';
export { SavedSearchesList } from './components/saved-searches-list';
export { useSavedSearches, SAVED_SEARCHES_KEY } from './api/saved-searches';
export { feedUrlOf, type SavedFilters } from './filters';
