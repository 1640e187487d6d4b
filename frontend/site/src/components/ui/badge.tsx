import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive';

const variants: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-brand-700 text-white',
  secondary: 'border-transparent bg-slate-100 text-slate-800',
  outline: 'border-slate-300 text-slate-700',
  success: 'border-transparent bg-green-100 text-green-800',
  warning: 'border-transparent bg-amber-100 text-amber-900',
  destructive: 'border-transparent bg-red-100 text-red-800',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
