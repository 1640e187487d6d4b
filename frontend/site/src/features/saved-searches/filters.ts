import type { SavedSearch } from '@jobs/contracts/alerts';

/** The feed state a saved search keeps (spec section 3, without the page). */
export type SavedFilters = SavedSearch['filters'];

const ORDER = [
  'title',
  'location',
  'experienceLevel',
  'type',
  'salary',
  'duration',
  'industry',
  'isRemote',
  'sortBy',
  'sortOrder',
] as const;

/** The home page URL that applies a saved search: `/?title=...`. */
export function feedUrlOf(filters: SavedFilters): string {
  const params = new URLSearchParams();
  for (const name of ORDER) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  const query = params.toString().replace(/\+/g, '%20');
  return query ? `/?${query}` : '/';
}

/** A readable default name: 'Rust · Europe · Senior'. */
export function suggestedName(filters: SavedFilters): string {
  const parts = [
    filters.title,
    filters.location,
    filters.experienceLevel,
    filters.type,
    filters.salary,
    filters.industry,
  ].filter(Boolean);
  if (filters.isRemote === 'true') parts.push('Remote');
  return parts.join(' · ') || 'All jobs';
}
