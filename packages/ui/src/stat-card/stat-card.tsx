import { cva, type VariantProps } from 'class-variance-authority';
import { AlertTriangleIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import * as React from 'react';
import { cn } from '../lib/cn.ts';
import { uiMessages } from '../messages.ts';
import { Skeleton } from '../skeleton/skeleton.tsx';

const t = uiMessages.statCard;

export const statCardVariants = cva(
  'rounded-xl border border-border bg-card text-card-foreground shadow-sm [overflow-wrap:anywhere]',
  {
    variants: {
      layout: {
        /** Label (and icon) above, the figure below, then the hint and any extra content. */
        stacked: 'flex flex-col gap-1 p-4',
        /** Label on the left, the figure at the end of the same row: tiles in a grid of counts. */
        inline: 'flex items-center justify-between gap-3 rounded-lg p-3',
      },
      interactive: {
        true: 'transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        false: '',
      },
      error: { true: 'border-destructive/40', false: '' },
    },
    defaultVariants: { layout: 'stacked', interactive: false, error: false },
  },
);

const iconTone = {
  default: 'bg-primary/10 text-primary',
  success: 'bg-success/15 text-success',
  warning: 'bg-warning/15 text-warning',
  info: 'bg-info/15 text-info',
  destructive: 'bg-destructive/10 text-destructive',
} as const;

const valueTone = {
  default: '',
  success: 'text-success',
  warning: 'text-warning',
  info: 'text-info',
  destructive: 'text-destructive',
} as const;

export type StatCardTone = keyof typeof iconTone;

export type StatCardProps = Omit<React.ComponentProps<'div'>, 'children'> &
  Pick<VariantProps<typeof statCardVariants>, 'layout'> & {
    /** What the figure counts («Piezas aprobadas»); also the card's accessible name. */
    label: React.ReactNode;
    /** The figure. `null`, `undefined` or `''` is the empty look (see `empty`). */
    value?: React.ReactNode;
    /** Read after the value by screen readers only, e.g. the unit: «2» + «piezas». */
    valueLabel?: string;
    /** A line under the figure: what it means, a date range, a comparison. */
    description?: React.ReactNode;
    /** Decorative icon (hidden from screen readers), tinted by `tone`. */
    icon?: React.ReactNode;
    tone?: StatCardTone;
    /** Placeholders instead of the figure and `aria-busy`, with «Cargando...» for screen readers. */
    loading?: boolean;
    /** The figure could not be loaded: `true` says «No se pudo cargar el dato», or pass your own text. */
    error?: React.ReactNode;
    /** Shown instead of a missing value; by default a dash («Sin datos» for screen readers). */
    empty?: React.ReactNode;
    /** Renders the label as a heading of this level (a dashboard's card titles), otherwise plain text. */
    headingLevel?: 2 | 3 | 4 | 5 | 6;
    /**
     * With `asChild`, its one child (a link, a button) becomes the card and gets the label and figure as
     * content, e.g. `<StatCard asChild label="Borrador" value={2}><a href="…" /></StatCard>`. Otherwise
     * `children` is extra content under the figure (a progress bar, an action).
     */
    asChild?: boolean;
    children?: React.ReactNode;
  };

const isEmpty = (value: React.ReactNode) => value === null || value === undefined || value === '';

/**
 * A labelled figure: a count or a short fact on a dashboard, with an optional hint, icon and tone, a loading
 * placeholder, an empty look and an error look. Without `asChild` it is a group named by its label; with it,
 * a link or a button whose accessible name is its label, its figure and `valueLabel`.
 */
export function StatCard({
  label,
  value,
  valueLabel,
  description,
  icon,
  tone = 'default',
  layout = 'stacked',
  loading = false,
  error,
  empty,
  headingLevel,
  asChild = false,
  className,
  children,
  ...props
}: StatCardProps) {
  const labelId = React.useId();
  const inline = layout === 'inline';
  const failed = error !== undefined && error !== null && error !== false;
  const Comp = asChild ? Slot.Root : 'div';
  const Label = headingLevel ? (`h${headingLevel}` as const) : 'span';

  let figure: React.ReactNode;
  if (loading)
    figure = (
      <>
        <Skeleton className={inline ? 'h-6 w-10' : 'h-8 w-20'} />
        <span className="sr-only">{uiMessages.loading}</span>
      </>
    );
  else if (failed)
    figure = (
      <span
        data-slot="stat-card-error"
        className="flex items-start gap-1.5 text-sm font-medium text-destructive"
      >
        <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {error === true ? t.error : error}
      </span>
    );
  else if (isEmpty(value))
    figure = empty ?? (
      <>
        <span aria-hidden="true" className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">{t.empty}</span>
      </>
    );
  else
    figure = (
      <>
        {value}
        {valueLabel ? <span className="sr-only">{` ${valueLabel}`}</span> : null}
      </>
    );

  const emptyText = !loading && !failed && isEmpty(value) && empty !== undefined;
  const valueNode = (
    <span
      data-slot="stat-card-value"
      className={cn(
        'block font-semibold tabular-nums',
        inline ? 'shrink-0 text-xl' : 'text-2xl',
        emptyText && 'text-sm font-medium',
        !failed && valueTone[tone],
      )}
    >
      {figure}
    </span>
  );
  const labelNode = (
    <Label
      id={labelId}
      data-slot="stat-card-label"
      className={cn('block min-w-0 text-sm font-medium', !inline && 'text-muted-foreground')}
    >
      {label}
    </Label>
  );
  const iconNode = icon ? (
    <span
      aria-hidden="true"
      data-slot="stat-card-icon"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-lg [&_svg]:size-4.5',
        failed ? iconTone.destructive : iconTone[tone],
      )}
    >
      {icon}
    </span>
  ) : null;
  const descriptionNode = description ? (
    <span data-slot="stat-card-description" className="block text-sm text-muted-foreground">
      {description}
    </span>
  ) : null;

  const content = inline ? (
    <>
      <span className="flex min-w-0 items-center gap-3">
        {iconNode}
        <span className="flex min-w-0 flex-col gap-0.5">
          {labelNode}
          {descriptionNode}
        </span>
      </span>
      {valueNode}
    </>
  ) : (
    <>
      <span className="flex items-start justify-between gap-3">
        {labelNode}
        {iconNode}
      </span>
      {valueNode}
      {descriptionNode}
    </>
  );

  return (
    <Comp
      data-slot="stat-card"
      data-tone={tone}
      data-state={loading ? 'loading' : failed ? 'error' : isEmpty(value) ? 'empty' : 'ready'}
      aria-busy={loading || undefined}
      {...(asChild ? {} : { role: 'group', 'aria-labelledby': labelId })}
      className={cn(statCardVariants({ layout, interactive: asChild, error: failed }), className)}
      {...props}
    >
      {/* Slottable must be a direct child of the Slot: its element becomes the card, our content its own. */}
      {asChild ? <Slot.Slottable>{children}</Slot.Slottable> : null}
      {content}
      {!asChild && children ? <div data-slot="stat-card-content">{children}</div> : null}
    </Comp>
  );
}
