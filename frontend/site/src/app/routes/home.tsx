import { useDocumentTitle } from '../../hooks/use-document-title';

// Placeholder: the home feed issue replaces this page (hero search, filters, infinite feed).
export default function HomeRoute() {
  useDocumentTitle();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Find Your Dream Remote Job
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Search 100,000+ work from home jobs at top remote companies
        </p>
      </div>
    </section>
  );
}
