import { useDocumentTitle } from '../../../hooks/use-document-title';

// Placeholder: the feature's own issue replaces this page.
export default function AdminDashboardRoute() {
  useDocumentTitle('Admin Dashboard');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
    </div>
  );
}
