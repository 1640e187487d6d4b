import { useId } from 'react';

export interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The label of the empty choice; none when every value is a real choice. */
  placeholder?: string;
  disabled?: boolean;
}

/** A labelled native select: accessible and keyboard-friendly everywhere, no popover code to load. */
export function SelectField({ label, value, onChange, options, placeholder, disabled }: SelectFieldProps) {
  const id = useId();
  // A prefilled value outside the options (e.g. a feed filter the alert form does not list) stays choosable.
  const all =
    value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:opacity-50"
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
