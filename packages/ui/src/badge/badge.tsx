import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import type { Tone } from '../lib/tone.ts';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        success: 'border-transparent bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
        warning: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
        info: 'border-transparent bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
        destructive: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

/** Each tone of the shared vocabulary as the badge draws it. */
const toneVariant = {
  default: 'default',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'destructive',
  muted: 'secondary',
} as const satisfies Record<Tone, BadgeVariant>;

/** `tone` speaks the shared vocabulary (`Tone`); `variant`, when given, wins. */
export function Badge({
  className,
  variant,
  tone,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { tone?: Tone }) {
  return (
    <span
      data-slot="badge"
      className={cn(badgeVariants({ variant: variant ?? (tone && toneVariant[tone]) }), className)}
      {...props}
    />
  );
}
