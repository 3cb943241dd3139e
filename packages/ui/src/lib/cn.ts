import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** The one styling helper. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
