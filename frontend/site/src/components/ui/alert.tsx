import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type AlertVariant = 'default' | 'destructive' | 'warning' | 'info';

const variants: Record<AlertVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  variant?: AlertVariant;
}

export function Alert({ variant = 'default', className, ...props }: AlertProps) {
  return (
    <div
      role="alert"
      data-variant={variant}
      className={cn('relative w-full rounded-lg border p-4', variants[variant], className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn('mb-1 font-semibold', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('text-sm', className)} {...props} />;
}
