export { savedSearchesProjection, SAVED_SEARCHES_PROJECTION, type SavedSearchRow } from './saved-searches';
