import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { filterChips, type FeedFilters, type FilterName } from '../filters';

export interface ActiveFiltersProps {
  filters: FeedFilters;
  onRemove: (name: FilterName) => void;
  onClear: () => void;
}

/** Each active filter as a removable chip, and Clear, which resets every filter. */
export function ActiveFilters({ filters, onRemove, onClear }: ActiveFiltersProps) {
  const chips = filterChips(filters);
  if (!chips.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li
            key={chip.name}
            data-testid="filter-chip"
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800"
          >
            <span>{chip.label}</span>
            <button
              type="button"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onRemove(chip.name)}
              className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}
