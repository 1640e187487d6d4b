import { ArrowRight } from 'lucide-react';
import { Link } from '../../lib/router';

export interface LinkCardItem {
  label: string;
  href: string;
  description?: string;
}

/** A grid of linked cards (countries, categories, job types). */
export function LinkGrid({ items, columns = 3 }: { items: LinkCardItem[]; columns?: 2 | 3 | 4 }) {
  const grid = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-3 ${grid}`}>
      {items.map((item) => (
        <li key={item.href + item.label}>
          <Link
            to={item.href}
            className="group flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 transition-colors hover:border-brand-500 hover:bg-brand-50"
          >
            <span className="flex items-center justify-between gap-2 font-semibold text-slate-900">
              {item.label}
              <ArrowRight
                aria-hidden="true"
                className="h-4 w-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
              />
            </span>
            {item.description && <span className="mt-1 text-sm text-slate-600">{item.description}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
