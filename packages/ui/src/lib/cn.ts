import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config.gen.ts';

/**
 * tailwind-merge with the class groups our classes belong to (scripts/tw-merge-config.mjs): it merges them exactly
 * as `twMerge` does, in ~3 KB less of the first visit's JavaScript (issue 14).
 */
const merge = createTailwindMerge(() => twMergeConfig);

/** The one styling helper: joins classes, a later one of the same group replacing an earlier one. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
