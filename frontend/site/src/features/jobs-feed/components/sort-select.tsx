import { useId } from 'react';
import { SORT_OPTIONS, sortKey, type SortKey } from '../filters';

export interface SortSelectProps {
  value: SortKey;
  onChange: (sort: SortKey) => void;
}

/** The six orders of the spec, default Newest First. A native select: small, and keyboard-operable as is. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as SortKey)}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={sortKey(option)} value={sortKey(option)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
