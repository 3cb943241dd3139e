import type * as React from 'react';
import { cn } from '../lib/cn.ts';

/** The small name of a side ("Versión 1") laid over a corner of an image. */
export function ImageLabel({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      data-slot="image-compare-label"
      className={cn(
        'pointer-events-none absolute z-10 max-w-[45%] truncate rounded-md bg-background/90 px-2 py-0.5 text-xs font-medium text-foreground shadow-sm',
        className,
      )}
      {...props}
    />
  );
}
