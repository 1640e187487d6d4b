import { clsx, type ClassValue } from 'clsx';

/** Joins class names; later Tailwind classes are expected not to conflict (we do not ship tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
