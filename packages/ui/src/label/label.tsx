import type * as React from 'react';
import { cn } from '../lib/cn.ts';

/** A form control's visible name; the control is tied to it by `htmlFor` (or by being inside it). */
export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is associated by htmlFor from the caller.
  return <label data-slot="label" className={cn('text-sm font-medium leading-none', className)} {...props} />;
}
