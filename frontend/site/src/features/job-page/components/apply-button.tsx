import { ExternalLink } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';

/** The green Apply Now: the employer's application page in a new tab. */
export function ApplyButton({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      data-testid="apply-now"
      className={buttonClasses({ variant: 'success', size: 'lg', className })}
    >
      Apply Now
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
