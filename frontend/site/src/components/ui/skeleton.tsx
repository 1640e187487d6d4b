import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A grey placeholder block; hidden from assistive technology (the container announces loading). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
