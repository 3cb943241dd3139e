import { cva, type VariantProps } from 'class-variance-authority';
import { ToggleGroup } from 'radix-ui';
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

/**
 * One choice among a few views (Tablero / Tabla / Calendario): a Radix ToggleGroup of type "single", so it is a
 * radiogroup whose arrows move focus and Space/Enter choose. A choice can never be cleared by clicking it again.
 */
export function SegmentedControl<V extends string = string>({
  items,
  value,
  onValueChange,
  disabled,
  size,
  compact = false,
  className,
  ...props
}: SegmentedControlProps<V>) {
  return (
    <ToggleGroup.Root
      type="single"
      data-slot="segmented-control"
      value={value}
      onValueChange={(next) => {
        if (next) onValueChange(next as V);
      }}
      disabled={disabled}
      className={cn('inline-flex max-w-full items-center gap-0.5 rounded-lg bg-muted p-1', className)}
      {...props}
    >
      {items.map((item) => (
        <ToggleGroup.Item
          key={item.value}
          value={item.value}
          disabled={item.disabled}
          data-slot="segmented-control-item"
          aria-label={compact ? item.label : undefined}
          title={compact ? item.label : undefined}
          className={itemVariants({ size })}
        >
          {item.icon ? <span aria-hidden="true">{item.icon}</span> : null}
          <span className={cn('truncate', compact && 'max-sm:sr-only')}>{item.label}</span>
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
