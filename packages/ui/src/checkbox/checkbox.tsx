import { CheckIcon } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A 16 px box drawn inside a 24×24 px target (WCAG 2.2, 2.5.8: issue 49, point 7): the button is the target, its
 * negative margin keeps the 16 px the layout had, and the box, its tick and its focus ring are drawn by the span.
 * A caller that moves it does so from there: `-mt-0.5` puts the box where `mt-0.5` put the old one.
 */
export function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        'peer group/checkbox -mx-1 -my-1 inline-flex size-6 shrink-0 items-center justify-center rounded-sm outline-none disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="flex size-4 items-center justify-center rounded-sm border border-input group-focus-visible/checkbox:outline-2 group-focus-visible/checkbox:outline-offset-2 group-focus-visible/checkbox:outline-ring group-data-[state=checked]/checkbox:border-primary group-data-[state=checked]/checkbox:bg-primary group-data-[state=checked]/checkbox:text-primary-foreground">
        {/* Not Radix's `Indicator`: it mounts a `Presence` per box, which reads the box's computed style on mount
            (a forced style recalculation; ~11 ms at 4× for a board's cards). A controlled box that is off draws no
            tick; otherwise the tick shows unless the box's state is unchecked. */}
        {props.checked === false ? null : (
          <span className="flex items-center justify-center group-data-[state=unchecked]/checkbox:hidden">
            <CheckIcon className="size-3.5" aria-hidden="true" />
          </span>
        )}
      </span>
    </CheckboxPrimitive.Root>
  );
}
