import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Skeleton,
  StatCard,
} from '@crw/ui';
import { CalendarClockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatAgo, formatDateTime, formatDay } from '../../../lib/dates.ts';
import { dashboardMsg as t } from '../messages.ts';

/** A dashboard card: a titled region (its title names it for screen readers). */
export function DashboardCard({
  id,
  title,
  description,
  aside,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  /** Shown at the end of the header (a count, a link). */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} data-testid={id} className={className}>
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          {aside}
        </div>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * A dashboard card that counts something at the top (test id `${id}-count`); when it lists only the first
 * `listed` of them, a line below says how many more there are.
 */
export function CountCard({
  id,
  title,
  count,
  listed,
  className,
  children,
}: {
  id: string;
  title: string;
  count: number;
  listed?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DashboardCard
      id={id}
      title={title}
      className={className}
      aside={
        <span className="text-2xl font-semibold tabular-nums" data-testid={`${id}-count`}>
          {count}
        </span>
      }
    >
      {children}
      {listed !== undefined && count > listed ? (
        <p className="mt-2 text-sm text-muted-foreground">{t.more(count - listed)}</p>
      ) : null}
    </DashboardCard>
  );
}

/** How long ago (the full date and time on hover), optionally worded by `label` («desde hace …»). */
export function TimeAgo({ at, label }: { at: string; label?: (ago: string) => string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {label ? label(formatAgo(at)) : formatAgo(at)}
    </time>
  );
}

/** A quiet line for a card with nothing to list. */
export function CardEmpty({ title, description }: { title: string; description?: string }) {
  return (
    <div className="rounded-lg border border-dashed border-border p-4 text-sm">
      <p className="font-medium">{title}</p>
      {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
    </div>
  );
}

export function DashboardLoading({ cards = 4 }: { cards?: number }) {
  return (
    <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">{t.loading}</span>
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <Skeleton key={i} className="h-48" />
      ))}
    </div>
  );
}

export function DashboardError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState
      title={t.loadError}
      description={message}
      action={
        <Button variant="outline" onClick={onRetry}>
          {t.retry}
        </Button>
      }
    />
  );
}

/**
 * «Ciclo actual» on both dashboards: the days left and the cycle's dates, or the empty look when there is no
 * cycle; what a dashboard adds (the staff's progress) goes below.
 */
export function CycleCard({
  cycle,
  emptyDescription,
  children,
}: {
  cycle: { daysLeft: number; startDate: string; endDate: string } | null;
  emptyDescription?: string;
  children?: ReactNode;
}) {
  return (
    <StatCard
      role="region"
      className="p-5"
      data-testid="dash-cycle"
      headingLevel={3}
      label={t.cycle.title}
      icon={<CalendarClockIcon />}
      value={cycle ? t.cycle.daysLeft(cycle.daysLeft) : null}
      empty={t.cycle.none}
      description={
        cycle ? t.cycle.range(formatDay(cycle.startDate), formatDay(cycle.endDate)) : emptyDescription
      }
    >
      {children}
    </StatCard>
  );
}
