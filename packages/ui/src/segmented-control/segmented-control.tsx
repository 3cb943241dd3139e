import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export interface SegmentedControlItem<V extends string = string> {
  value: V;
  label: string;
  icon?: React.ReactNode;
  disabled?: boolean;
}

/**
 * Colours change at once, as the button's do: a colour transition is a frame of style and paint per step, and a
 * view switch (board → table → calendar) drew those frames over the board between its render's slices.
 */
const itemVariants = cva(
  'inline-flex min-w-0 items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      size: { sm: 'h-7 px-2.5 text-xs', md: 'h-8 px-3 text-sm' },
    },
    defaultVariants: { size: 'md' },
  },
);

export type SegmentedControlProps<V extends string = string> = Omit<
  React.ComponentProps<'div'>,
  'defaultValue' | 'dir' | 'onChange'
> &
  VariantProps<typeof itemVariants> & {
    items: readonly SegmentedControlItem<V>[];
    value: V;
    onValueChange: (value: V) => void;
    /** The group's Spanish name ("Vista"): required, it is what a screen reader announces. */
    'aria-label': string;
    disabled?: boolean;
    /** Hides the labels below 640 px (icons keep them as accessible names and tooltips). */
    compact?: boolean;
  };

/** The keys that move the focus among the choices, and where to. */
const steps: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * One choice among a few views (Tablero / Tabla / Calendario): a radiogroup whose arrows (and Home, End) move the
 * focus round the choices and Space or Enter choose, as Radix's ToggleGroup of type "single" did. A choice can
 * never be cleared by clicking it again. The chosen one is the group's tab stop. Buttons and a key handler, not
 * Radix's: its roving focus kept the tab stop in state, so a press on a choice drew the whole group once for the
 * focus and again for the value, ~30 components at the start of every view switch (issue 48).
 */
export function SegmentedControl<V extends string = string>({
  items,
  value,
  onValueChange,
  disabled,
  size,
  compact = false,
  className,
  onKeyDown,
  ...props
}: SegmentedControlProps<V>) {
  const usable = items.filter((item) => !(disabled || item.disabled));
  // The tab stop: the chosen one, or the first that can be chosen.
  const stop = usable.some((item) => item.value === value) ? value : usable[0]?.value;
  return (
    <div
      role="radiogroup"
      data-slot="segmented-control"
      aria-disabled={disabled || undefined}
      className={cn('inline-flex max-w-full items-center gap-0.5 rounded-lg bg-muted p-1', className)}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        const step = steps[e.key];
        if (!step || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
        const choices = [
          ...e.currentTarget.querySelectorAll<HTMLButtonElement>(
            '[data-slot="segmented-control-item"]:enabled',
          ),
        ];
        const at = choices.indexOf(e.target as HTMLButtonElement);
        if (at < 0) return;
        e.preventDefault();
        choices[step(at, choices.length)]?.focus();
      }}
      {...props}
    >
      {items.map((item) => {
        const on = item.value === value;
        const off = disabled || item.disabled;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a native radio is chosen by the arrows that only move the focus here (each choice is a view drawn anew); this is the WAI-ARIA pattern Radix's ToggleGroup was.
          <button
            key={item.value}
            type="button"
            role="radio"
            aria-checked={on}
            data-state={on ? 'on' : 'off'}
            data-disabled={off ? '' : undefined}
            disabled={off}
            tabIndex={item.value === stop ? 0 : -1}
            data-slot="segmented-control-item"
            aria-label={compact ? item.label : undefined}
            title={compact ? item.label : undefined}
            className={itemVariants({ size })}
            onClick={() => {
              if (!on) onValueChange(item.value);
            }}
          >
            {item.icon ? <span aria-hidden="true">{item.icon}</span> : null}
            <span className={cn('truncate', compact && 'max-sm:sr-only')}>{item.label}</span>
          </button>
        );
      })}
    </div>
  );
}
