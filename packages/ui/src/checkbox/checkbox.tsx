import { CheckIcon } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { cn } from '../lib/cn.ts';

export type CheckedState = boolean | 'indeterminate';

export type CheckboxProps = Omit<
  React.ComponentProps<'button'>,
  'value' | 'checked' | 'defaultChecked' | 'onChange' | 'type' | 'role'
> & {
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  onCheckedChange?: (checked: CheckedState) => void;
  required?: boolean;
};

/**
 * A 16 px box drawn inside a 24×24 px target (WCAG 2.2, 2.5.8: issue 49, point 7): the button is the target, its
 * negative margin keeps the 16 px the layout had, and the box, its tick and its focus ring are drawn by the span.
 * A caller that moves it does so from there: `-mt-0.5` puts the box where `mt-0.5` put the old one.
 *
 * The WAI-ARIA checkbox (a button with `role="checkbox"`, `aria-checked`, Space toggles, Enter does not) with the
 * props of Radix's, which it replaced (issue 48): Radix's mounted a provider, a controllable state, composed refs
 * and a `Presence` for its tick per box, ~40 ms at 4× CPU of a filter over a board's cards, for what a button does.
 * No box here is a form field (none has a `name`): there is no hidden input. A click whose handler calls
 * `preventDefault` does not toggle (a board's card selects with Shift through its own handler).
 */
export function Checkbox({
  className,
  checked: controlled,
  defaultChecked = false,
  onCheckedChange,
  required,
  disabled,
  onClick,
  onKeyDown,
  ...props
}: CheckboxProps) {
  const [own, setOwn] = useState<CheckedState>(defaultChecked);
  const checked = controlled ?? own;
  const state = checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native checkbox cannot hold the 16 px box and tick it draws inside its 24 px target; this is the WAI-ARIA pattern Radix's was.
    <button
      type="button"
      role="checkbox"
      aria-checked={checked === 'indeterminate' ? 'mixed' : checked}
      aria-required={required}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      data-slot="checkbox"
      className={cn(
        'peer group/checkbox -mx-1 -my-1 inline-flex size-6 shrink-0 items-center justify-center rounded-sm outline-none disabled:opacity-50',
        className,
      )}
      {...props}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        // A checkbox toggles with Space; Enter would submit a form around it.
        if (e.key === 'Enter') e.preventDefault();
      }}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented) return;
        const next = checked === 'indeterminate' ? true : !checked;
        if (controlled === undefined) setOwn(next);
        onCheckedChange?.(next);
      }}
    >
      <span className="flex size-4 items-center justify-center rounded-sm border border-input group-focus-visible/checkbox:outline-2 group-focus-visible/checkbox:outline-offset-2 group-focus-visible/checkbox:outline-ring group-data-[state=checked]/checkbox:border-primary group-data-[state=checked]/checkbox:bg-primary group-data-[state=checked]/checkbox:text-primary-foreground">
        {checked === false ? null : (
          <span className="flex items-center justify-center">
            <CheckIcon className="size-3.5" aria-hidden="true" />
          </span>
        )}
      </span>
    </button>
  );
}
