import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState, type ButtonHTMLAttributes, type ReactElement } from 'react';
import { Button } from '../../../components/ui/button';
import { filterChips, type FeedFilters, type FilterName } from '../filters';

// Radix's menu and its positioning engine are ~25 KB gzip: fetched when the pointer or focus reaches
// the button, so the home route's first load stays within its budget.
const loadContent = () => import('./filter-menu-content');
const FilterMenuContent = lazy(loadContent);

export type FilterMenuTrigger = (props: ButtonHTMLAttributes<HTMLButtonElement>) => ReactElement;

export interface FilterMenuProps {
  filters: FeedFilters;
  onChange: (name: FilterName, value: string) => void;
}

/** The 'Filters' button and its menu: Experience Level, Job Type, Salary Range, Location, Work Type. */
export function FilterMenu({ filters, onChange }: FilterMenuProps) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const active = filterChips(filters).filter((chip) => chip.name !== 'title').length;

  const trigger: FilterMenuTrigger = (props) => (
    <Button variant="outline" aria-haspopup="menu" {...props}>
      <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
      Filters
      {active > 0 && (
        <span className="rounded-full bg-brand-700 px-2 text-xs text-white">
          {active}
          <span className="sr-only"> active</span>
        </span>
      )}
    </Button>
  );

  const placeholder = trigger({
    'aria-expanded': open,
    onPointerEnter: () => void loadContent(),
    onFocus: () => void loadContent(),
    onClick: () => {
      setWanted(true);
      setOpen(true);
    },
  });
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FilterMenuContent
        filters={filters}
        onChange={(name, value) => onChange(name, value)}
        open={open}
        onOpenChange={setOpen}
        trigger={trigger}
      />
    </Suspense>
  );
}
