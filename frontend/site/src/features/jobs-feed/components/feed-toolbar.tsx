import type { FeedFilters, FilterName, SortKey } from '../filters';
import { ActiveFilters } from './active-filters';
import { FilterMenu } from './filter-menu';
import { RssLink } from './rss-link';
import { SortSelect } from './sort-select';

export interface FeedToolbarProps {
  filters: FeedFilters;
  sort: SortKey;
  onFilterChange: (name: FilterName, value: string) => void;
  onClear: () => void;
  onSortChange: (sort: SortKey) => void;
}

/** The filter and sort bar above the feed, with the active filters' chips. */
export function FeedToolbar({ filters, sort, onFilterChange, onClear, onSortChange }: FeedToolbarProps) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterMenu filters={filters} onChange={onFilterChange} />
        <div className="flex items-center gap-3">
          <RssLink filters={filters} sort={sort} />
          <SortSelect value={sort} onChange={onSortChange} />
        </div>
      </div>
      <ActiveFilters filters={filters} onRemove={(name) => onFilterChange(name, '')} onClear={onClear} />
    </div>
  );
}
