import { Compass } from 'lucide-react';
import { Link } from '../../lib/router';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/use-document-title';

export default function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <Compass aria-hidden="true" className="mb-4 h-12 w-12 text-brand-700" />
      <h1 className="mb-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mb-6 text-slate-600">
        Sorry, we couldn&apos;t find the page you&apos;re looking for. It may have moved, or the link may be
        mistyped.
      </p>
      <Link to={paths.home.getHref()} className={buttonClasses()}>
        Go to the homepage
      </Link>
    </div>
  );
}
