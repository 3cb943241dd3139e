import { ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import type * as React from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import { ErrorState } from '../error-state/error-state.tsx';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { cn } from '../lib/cn.ts';
import {
  addDays,
  addMonths,
  formatLongDate,
  formatMonthYear,
  formatWeekRange,
  type IsoDate,
  isSameMonth,
  monthGrid,
  moveByKey,
  todayIso,
  weekDays,
  weekdayNames,
} from '../lib/month-grid.ts';
import type { Tone } from '../lib/tone.ts';
import { uiMessages } from '../messages.ts';
import { SegmentedControl } from '../segmented-control/segmented-control.tsx';

const t = uiMessages.calendar;
/** Events shown on a day of the week view before «+N más». */
const WEEK_MAX = 8;
const SHORT = weekdayNames('short');
const LONG = weekdayNames('long');

export type CalendarMode = 'month' | 'week';
export type CalendarTone = Tone;

export interface CalendarEvent {
  id: string;
  /** `YYYY-MM-DD`. */
  date: IsoDate;
  title: string;
  tone?: CalendarTone;
}

const toneClass: Record<CalendarTone, string> = {
  default: 'border-l-primary bg-accent text-accent-foreground',
  info: 'border-l-info bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  success: 'border-l-success bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  warning: 'border-l-warning bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  error: 'border-l-destructive bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  muted: 'border-l-muted-foreground bg-muted text-foreground',
};

export interface CalendarViewProps {
  mode: CalendarMode;
  onModeChange: (mode: CalendarMode) => void;
  /** The focused day; its month (or week) is the one shown. Arrows, Hoy and the previous/next buttons change it. */
  date: IsoDate;
  onDateChange: (date: IsoDate) => void;
  events: readonly CalendarEvent[];
  onEventOpen: (id: string) => void;
  /** Events shown per day in month mode before "+N más" (default 3). */
  maxEventsPerDay?: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Agenda list instead of the grid (stories/tests); by default below 768 px. */
  mobile?: boolean;
  /** Overrides today (stories, tests). */
  today?: IsoDate;
  /**
   * A span of days that matters (a production cycle): the days outside it are hatched, and a screen reader
   * hears `outsideLabel` after their date.
   */
  range?: { start: IsoDate; end: IsoDate; outsideLabel: string };
  /** The calendar's Spanish name. */
  'aria-label'?: string;
  className?: string;
}

/**
 * Events on a month or week calendar (Monday first, Spanish names through Intl es-ES). The grid follows the ARIA
 * grid pattern: one day is focusable at a time, arrows move between days (PageUp/PageDown a month or a week),
 * Enter or Tab goes into the day's events, Enter opens one and Escape goes back to the day. Below 768 px it is a
 * compact agenda list of the days that have events.
 */
export function CalendarView({
  mode,
  onModeChange,
  date,
  onDateChange,
  events,
  onEventOpen,
  maxEventsPerDay = 3,
  loading = false,
  error = null,
  onRetry,
  mobile: mobileProp,
  today: todayProp,
  range,
  'aria-label': ariaLabel,
  className,
}: CalendarViewProps) {
  const today = todayProp ?? todayIso();
  const viewportMobile = useMediaQuery('(max-width: 767px)');
  const mobile = mobileProp ?? viewportMobile;
  const titleId = useId();

  const byDay = new Map<IsoDate, CalendarEvent[]>();
  for (const e of events) {
    const list = byDay.get(e.date);
    if (list) list.push(e);
    else byDay.set(e.date, [e]);
  }

  const step = (dir: 1 | -1) =>
    onDateChange(mode === 'month' ? addMonths(date, dir) : addDays(date, 7 * dir));
  const title = mode === 'month' ? formatMonthYear(date) : formatWeekRange(date);

  return (
    <section
      aria-label={ariaLabel}
      aria-busy={loading || undefined}
      data-slot="calendar-view"
      data-mode={mode}
      className={cn('flex min-w-0 flex-col gap-3', className)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onDateChange(today)}>
          {t.today}
        </Button>
        <div className="flex items-center">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t.previous[mode]}
            title={t.previous[mode]}
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t.next[mode]}
            title={t.next[mode]}
            onClick={() => step(1)}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Button>
        </div>
        <h2 id={titleId} aria-live="polite" className="min-w-0 text-base font-semibold sm:text-lg">
          {title}
        </h2>
        {loading ? (
          <span role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            {uiMessages.loading}
          </span>
        ) : null}
        <SegmentedControl<CalendarMode>
          aria-label={t.mode}
          size="sm"
          className="ml-auto"
          value={mode}
          onValueChange={onModeChange}
          items={[
            { value: 'month', label: t.month },
            { value: 'week', label: t.week },
          ]}
        />
      </div>
      {error ? <ErrorState variant="banner" message={error} onRetry={onRetry} /> : null}
      {mobile ? (
        <Agenda
          mode={mode}
          date={date}
          today={today}
          byDay={byDay}
          onEventOpen={onEventOpen}
          titleId={titleId}
        />
      ) : (
        <CalendarGrid
          mode={mode}
          date={date}
          today={today}
          byDay={byDay}
          max={Math.max(1, maxEventsPerDay)}
          titleId={titleId}
          range={range}
          onDateChange={onDateChange}
          onEventOpen={onEventOpen}
        />
      )}
    </section>
  );
}

function EventButton({
  event,
  tabbable,
  onOpen,
  className,
}: {
  event: CalendarEvent;
  tabbable: boolean;
  onOpen: (id: string) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      tabIndex={tabbable ? 0 : -1}
      data-slot="calendar-event"
      data-tone={event.tone ?? 'default'}
      title={event.title}
      onClick={() => onOpen(event.id)}
      className={cn(
        'block w-full truncate rounded-sm border-l-2 px-1.5 py-0.5 text-left text-xs font-medium hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring dark:hover:brightness-125',
        toneClass[event.tone ?? 'default'],
        className,
      )}
    >
      {event.title}
    </button>
  );
}

function CalendarGrid({
  mode,
  date,
  today,
  byDay,
  max,
  titleId,
  range,
  onDateChange,
  onEventOpen,
}: {
  mode: CalendarMode;
  date: IsoDate;
  today: IsoDate;
  byDay: Map<IsoDate, CalendarEvent[]>;
  max: number;
  titleId: string;
  range: CalendarViewProps['range'];
  onDateChange: (date: IsoDate) => void;
  onEventOpen: (id: string) => void;
}) {
  const hintId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const focusDay = useRef(false);
  const weeks = mode === 'month' ? monthGrid(date) : [weekDays(date)];

  useEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"]`)?.focus();
  });

  const inPeriod = (day: IsoDate) => (mode === 'month' ? isSameMonth(day, date) : true);

  const onKeyDown = (e: React.KeyboardEvent<HTMLTableElement>) => {
    // Keys from a "+N más" popover (a portal, but a React child) are not the grid's.
    if (!gridRef.current?.contains(e.target as Node)) return;
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
    if (!cell) return;
    const onCell = e.target === cell;
    if (e.key === 'Enter' && onCell) {
      const first = cell.querySelector<HTMLElement>('button');
      if (first) {
        e.preventDefault();
        first.focus();
      }
      return;
    }
    if (e.key === 'Escape' && !onCell) {
      e.preventDefault();
      cell.focus();
      return;
    }
    const from = cell.dataset.date as IsoDate;
    const next = moveByKey(e.key, from, { page: mode });
    if (!next) return;
    e.preventDefault();
    focusDay.current = true;
    if (next === date) gridRef.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
    else onDateChange(next);
  };

  return (
    <div className="relative overflow-x-auto rounded-xl border border-border">
      <p id={hintId} className="sr-only">
        {t.hint}
      </p>
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table (arrows move between days).
        role="grid"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        data-slot="calendar-grid"
        onKeyDown={onKeyDown}
        className="w-full min-w-[42rem] table-fixed border-collapse"
      >
        <thead>
          <tr className="border-b border-border bg-muted/60">
            {weeks[0].map((day, i) => (
              <th
                key={day}
                scope="col"
                className="px-2 py-1.5 text-left text-xs font-medium text-muted-foreground"
              >
                <span className="sr-only">{mode === 'week' ? formatLongDate(day) : LONG[i]}</span>
                {mode === 'week' ? (
                  <span aria-hidden="true" className="flex items-baseline gap-1.5">
                    <span>{SHORT[i]}</span>
                    <span
                      className={cn(
                        'text-sm font-semibold text-foreground',
                        day === today &&
                          'inline-flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground',
                      )}
                    >
                      {Number(day.slice(8))}
                    </span>
                  </span>
                ) : (
                  <span aria-hidden="true">{SHORT[i]}</span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]} className="border-b border-border last:border-b-0">
              {week.map((day) => (
                <DayCell
                  key={day}
                  day={day}
                  mode={mode}
                  active={day === date}
                  today={day === today}
                  outside={!inPeriod(day)}
                  // ISO dates compare as text.
                  offRange={range && (day < range.start || day > range.end) ? range.outsideLabel : undefined}
                  events={byDay.get(day) ?? []}
                  max={max}
                  onFocusDay={() => {
                    if (day !== date && inPeriod(day)) onDateChange(day);
                  }}
                  onEventOpen={onEventOpen}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCell({
  day,
  mode,
  active,
  today,
  outside,
  offRange,
  events,
  max,
  onFocusDay,
  onEventOpen,
}: {
  day: IsoDate;
  mode: CalendarMode;
  active: boolean;
  today: boolean;
  outside: boolean;
  /** Outside the calendar's range: what a screen reader hears after the date. */
  offRange?: string;
  events: CalendarEvent[];
  max: number;
  onFocusDay: () => void;
  onEventOpen: (id: string) => void;
}) {
  // A week's day is taller: more fit before «+N más» (a day of a 1,000-piece cycle may hold dozens).
  const limit = mode === 'month' ? max : Math.max(max, WEEK_MAX);
  const overflow = events.length > limit;
  const shown = overflow ? events.slice(0, limit - 1) : events;
  const hidden = events.length - shown.length;
  return (
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a focusable day of the ARIA grid.
      role="gridcell"
      tabIndex={active ? 0 : -1}
      aria-current={today ? 'date' : undefined}
      data-date={day}
      data-outside={outside || undefined}
      data-off-range={offRange ? true : undefined}
      onFocus={onFocusDay}
      className={cn(
        'border-r border-border p-1.5 align-top last:border-r-0 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        mode === 'month' ? 'h-28' : 'h-72',
        outside && 'bg-muted/30',
        offRange &&
          'bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--muted)_6px_9px)] text-muted-foreground',
        active && 'bg-accent/40',
      )}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <span className="sr-only">
          {formatLongDate(day)}
          {offRange ? `, ${offRange}` : ''}
          {events.length ? `, ${t.events(events.length)}` : ''}
        </span>
        {mode === 'month' ? (
          <span
            aria-hidden="true"
            className={cn(
              'inline-flex size-6 items-center justify-center self-start rounded-full text-xs font-medium tabular-nums',
              outside && 'text-muted-foreground',
              today && 'bg-primary font-semibold text-primary-foreground',
            )}
          >
            {Number(day.slice(8))}
          </span>
        ) : null}
        {shown.length > 0 ? (
          <ul className="flex min-w-0 flex-col gap-1">
            {shown.map((e) => (
              <li key={e.id} className="min-w-0">
                <EventButton event={e} tabbable={active} onOpen={onEventOpen} />
              </li>
            ))}
          </ul>
        ) : null}
        {hidden > 0 ? (
          <MoreEvents day={day} events={events} count={hidden} tabbable={active} onEventOpen={onEventOpen} />
        ) : null}
      </div>
    </td>
  );
}

function MoreEvents({
  day,
  events,
  count,
  tabbable,
  onEventOpen,
}: {
  day: IsoDate;
  events: CalendarEvent[];
  count: number;
  tabbable: boolean;
  onEventOpen: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [dark, setDark] = useState(false);
  const headingId = useId();
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
      }}
    >
      <Popover.Trigger
        tabIndex={tabbable ? 0 : -1}
        aria-label={t.moreLabel(count, formatLongDate(day))}
        onClick={(e) => setDark(Boolean(e.currentTarget.closest('.dark')))}
        className="self-start rounded-sm px-1.5 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {t.more(count)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={headingId}
          side="bottom"
          align="start"
          sideOffset={4}
          data-slot="calendar-more"
          className={cn(
            'z-50 w-64 rounded-lg border border-border bg-popover p-3 text-popover-foreground shadow-md',
            dark && 'dark',
          )}
        >
          <h3 id={headingId} className="mb-2 text-sm font-semibold first-letter:uppercase">
            {formatLongDate(day)}
          </h3>
          <ul className="flex max-h-[min(24rem,60dvh)] flex-col gap-1 overflow-y-auto">
            {events.map((e) => (
              <li key={e.id}>
                <EventButton
                  event={e}
                  tabbable
                  className="py-1 text-sm"
                  onOpen={(id) => {
                    setOpen(false);
                    onEventOpen(id);
                  }}
                />
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function Agenda({
  mode,
  date,
  today,
  byDay,
  onEventOpen,
  titleId,
}: {
  mode: CalendarMode;
  date: IsoDate;
  today: IsoDate;
  byDay: Map<IsoDate, CalendarEvent[]>;
  onEventOpen: (id: string) => void;
  titleId: string;
}) {
  const days =
    mode === 'month'
      ? monthGrid(date)
          .flat()
          .filter((d) => isSameMonth(d, date))
      : weekDays(date);
  const withEvents = days.filter((d) => byDay.has(d));
  if (withEvents.length === 0)
    return (
      <p
        data-slot="calendar-agenda"
        className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground"
      >
        {t.empty}
      </p>
    );
  return (
    <ol aria-labelledby={titleId} data-slot="calendar-agenda" className="flex flex-col gap-3">
      {withEvents.map((day) => {
        const list = byDay.get(day) ?? [];
        return (
          <li key={day} data-date={day} className="rounded-xl border border-border p-3">
            <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
              <span className="first-letter:uppercase">{formatLongDate(day)}</span>
              {day === today ? (
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                  {t.today}
                </span>
              ) : null}
            </h3>
            <ul className="flex flex-col gap-1.5">
              {list.map((e) => (
                <li key={e.id}>
                  <EventButton event={e} tabbable className="py-2 text-sm" onOpen={onEventOpen} />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
