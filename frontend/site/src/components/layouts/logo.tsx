import { BriefcaseBusiness } from 'lucide-react';
import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import { site } from '../../config/site';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link
      to={paths.home.getHref()}
      className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight"
      aria-label={`${site.name} home`}
    >
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <BriefcaseBusiness aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className={inverted ? 'text-white' : 'text-slate-900'}>
        Remote<span className={inverted ? 'text-brand-200' : 'text-brand-700'}>Jobs</span>
      </span>
    </Link>
  );
}
