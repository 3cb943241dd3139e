import { cva, type VariantProps } from 'class-variance-authority';
import { RotateCwIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '../button/button.tsx';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';

export const errorStateVariants = cva('text-sm', {
  variants: {
    variant: {
      /** A strip above content that stays on screen (the calendar's grid): message and button on one row. */
      banner:
        'flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2',
      /** A box in a narrow place that has no content of its own (a board's column). */
      compact: 'space-y-2 rounded-lg border border-destructive/40 bg-background p-3',
      /** In place of a list that failed to load (a table's body): centred, with room around it. */
      centered: 'flex flex-col items-center gap-3 px-4 py-8 text-center',
    },
  },
  defaultVariants: { variant: 'banner' },
});

export type ErrorStateProps = Omit<React.ComponentProps<'div'>, 'children'> &
  VariantProps<typeof errorStateVariants> & {
    /** What failed, in plain Spanish («No se pudo cargar la columna»). */
    message: React.ReactNode;
    /** Without it there is no «Reintentar» button. */
    onRetry?: () => void;
    retryLabel?: string;
  };

/**
 * A read that failed, with «Reintentar»: the one error-with-retry box of the design system (the calendar, the
 * board's columns and the data table draw it). An alert (`role="alert"`): it is said as it appears.
 */
export function ErrorState({
  message,
  onRetry,
  retryLabel = uiMessages.errorState.retry,
  variant,
  className,
  ...props
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      data-slot="error-state"
      className={cn(errorStateVariants({ variant }), className)}
      {...props}
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden="true" />
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
