import { cva, type VariantProps } from 'class-variance-authority';
import { Progress } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { lazy } from '../lib/lazy.ts';
import { uiMessages } from '../messages.ts';

const percent = lazy(() => new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0 }));

export const progressBarVariants = cva('relative w-full overflow-hidden rounded-full bg-muted', {
  variants: {
    size: { sm: 'h-1', md: 'h-2', lg: 'h-3' },
  },
  defaultVariants: { size: 'md' },
});

const indicatorTone = {
  default: 'bg-primary',
  success: 'bg-success',
  error: 'bg-destructive',
} as const;

export type ProgressBarTone = keyof typeof indicatorTone;

export type ProgressBarProps = Omit<React.ComponentProps<typeof Progress.Root>, 'value' | 'max'> &
  VariantProps<typeof progressBarVariants> & {
    /** 0–100; `null`/omitted is an indeterminate bar (work under way, length unknown). */
    value?: number | null;
    tone?: ProgressBarTone;
    /** Shows the percentage next to the bar (screen readers always get it through aria-valuetext). */
    showValue?: boolean;
  };

/**
 * A determinate (0–100) or indeterminate progress bar (Radix Progress: role="progressbar", aria-valuenow and a
 * Spanish aria-valuetext such as "42 %"). Give it a name with `aria-label` or `aria-labelledby`.
 */
export function ProgressBar({
  value,
  tone = 'default',
  size,
  showValue = false,
  className,
  ...props
}: ProgressBarProps) {
  const determinate = typeof value === 'number' && Number.isFinite(value);
  const clamped = determinate ? Math.min(100, Math.max(0, value)) : null;
  const label = clamped === null ? uiMessages.progress.loading : percent().format(clamped / 100);
  const bar = (
    <Progress.Root
      data-slot="progress-bar"
      data-tone={tone}
      value={clamped === null ? null : Math.round(clamped)}
      max={100}
      getValueLabel={() => label}
      aria-valuetext={label}
      className={cn(progressBarVariants({ size }), !showValue && className)}
      {...props}
    >
      {clamped === null ? (
        <>
          <style href="crw-progress-indeterminate" precedence="default">
            {
              '@keyframes crw-progress-indeterminate{0%{transform:translateX(-100%)}100%{transform:translateX(250%)}}'
            }
          </style>
          <Progress.Indicator
            data-slot="progress-bar-indicator"
            className={cn(
              'absolute inset-y-0 left-0 w-2/5 rounded-full animate-[crw-progress-indeterminate_1.4s_ease-in-out_infinite] motion-reduce:animate-none motion-reduce:w-full motion-reduce:opacity-60',
              indicatorTone[tone],
            )}
          />
        </>
      ) : (
        <Progress.Indicator
          data-slot="progress-bar-indicator"
          className={cn('h-full rounded-full transition-[width] duration-300', indicatorTone[tone])}
          style={{ width: `${clamped}%` }}
        />
      )}
    </Progress.Root>
  );
  if (!showValue) return bar;
  return (
    <div className={cn('flex items-center gap-3', className)}>
      {bar}
      <span
        aria-hidden="true"
        className="min-w-10 text-right text-xs font-medium tabular-nums text-muted-foreground"
      >
        {clamped === null ? '' : label}
      </span>
    </div>
  );
}
