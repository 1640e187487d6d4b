import type { ReactNode } from 'react';
import { SearchBox } from './search-box';

export interface HeroProps {
  title: string;
  onTitleChange: (title: string) => void;
  /** Under the search box (the route puts 'Receive Job Alerts' here). */
  actions?: ReactNode;
}

/** The home page's headline, claims and search (spec sections 1 and 2). */
export function Hero({ title, onTitleChange, actions }: HeroProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-4xl px-4 pt-12 pb-8 text-center sm:px-6 lg:px-8">
        <p className="inline-flex items-center rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800">
          Trusted by 10,000+ remote workers
        </p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Find Your Dream Remote Job
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Search 100,000+ work from home jobs at top remote companies
        </p>
        <div className="mx-auto mt-8 max-w-2xl">
          <SearchBox value={title} onChange={onTitleChange} />
        </div>
        {actions && <div className="mt-4 flex justify-center">{actions}</div>}
      </div>
    </section>
  );
}
