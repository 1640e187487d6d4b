import { useState } from 'react';
import { cn } from '../../lib/cn';

/** Where logos given as a bare file name are served (spec section 3, Company logo). */
export const COMPANY_LOGOS_PATH = '/company-logos/';

/** A full URL (or an absolute path) is used as given; a file name is served from the logos path. */
export function logoUrl(logo: string | null | undefined): string | null {
  const value = logo?.trim();
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/') || value.startsWith('data:image/'))
    return value;
  return `${COMPANY_LOGOS_PATH}${encodeURIComponent(value)}`;
}

/** The first 2 characters of the company's name (letters and digits), upper-cased. */
export function companyInitials(company: string): string {
  const letters = company.replace(/[^\p{L}\p{N}]/gu, '');
  return (letters || company || '?').slice(0, 2).toUpperCase();
}

// Dark enough for white text at AA contrast.
const COLOURS = [
  'bg-indigo-700',
  'bg-sky-800',
  'bg-emerald-800',
  'bg-rose-700',
  'bg-amber-800',
  'bg-violet-700',
  'bg-teal-800',
  'bg-fuchsia-800',
] as const;

/** The same company always gets the same colour. */
export function initialsColour(company: string): string {
  let hash = 0;
  for (const char of company) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

export interface CompanyLogoProps {
  company: string;
  logo?: string | null;
  size?: 'sm' | 'md';
  className?: string;
}

/** The company's logo, or a coloured badge with its initials when there is none or it fails to load. */
export function CompanyLogo({ company, logo, size = 'md', className }: CompanyLogoProps) {
  const src = logoUrl(logo);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = size === 'sm' ? 'h-10 w-10 text-sm' : 'h-12 w-12 text-base';
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={`${company} logo`}
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cn('shrink-0 rounded-lg border border-slate-200 bg-white object-contain', box, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="company-initials"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-bold text-white',
        initialsColour(company),
        box,
        className,
      )}
    >
      {companyInitials(company)}
    </span>
  );
}
