import { ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../button/button.tsx';
import { ErrorState } from '../error-state/error-state.tsx';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { cn } from '../lib/cn.ts';
import { whenIdle } from '../lib/when-idle.ts';
import {
  addDays,
  addMonths,
  formatMonthYear,
  formatWeekRange,
  type IsoDate,
  todayIso,
} from '../lib/month-grid.ts';
import { uiMessages } from '../messages.ts';
import { SegmentedControl } from '../segmented-control/segmented-control.tsx';
import { Agenda } from './calendar-agenda.tsx';
import { CalendarGrid } from './calendar-grid.tsx';
import { type CalendarEvent, type CalendarMode, type CalendarRange, t } from './calendar-parts.tsx';

/**
 * dnd-kit comes with the first calendar that moves events, not with every screen that shows the design system.
 * Once its chunk is in, a calendar draws it directly: through `lazy`, a calendar drew its grid in the fallback and
 * again inside the drag and drop once the chunk had come (~50 ms at 4× for a month of a 1,000-piece cycle).
 */
const loadDnd = () =>
  import('./calendar-dnd.tsx').then((m) => {
    loadedDnd = m.default;
    return m;
  });
let loadedDnd: typeof import('./calendar-dnd.tsx').default | null = null;
/**
 * Without its chunk (a deploy that replaced it, a network that dropped it), the calendar stays, without drag and
 * drop: «Mover a fecha…» and the event's own date field still move an event.
 */
const CalendarDnd = lazy(() =>
  loadDnd().catch(() => ({ default: ({ children }: { children: React.ReactNode }) => <>{children}</> })),
);
let preloadingDnd = false;

/**
 * Loads the calendar's drag and drop when the page is idle (a screen that may switch to a calendar that moves
 * events), so that the calendar draws once.
 */
export function preloadCalendarDnd() {
  if (loadedDnd || preloadingDnd) return;
  preloadingDnd = true;
  const start = () =>
    void loadDnd().catch(() => {
      preloadingDnd = false;
    });
  whenIdle(start, { timeout: 2000 });
}

export type { CalendarEvent, CalendarMode, CalendarRange, CalendarTone } from './calendar-parts.tsx';

export interface CalendarViewProps {
  mode: CalendarMode;
  onModeChange: (mode: CalendarMode) => void;
  /** The focused day; its month (or week) is the one shown. Arrows, Hoy and the previous/next buttons change it. */
  date: IsoDate;
  onDateChange: (date: IsoDate) => void;
  events: readonly CalendarEvent[];
  onEventOpen: (id: string) => void;
  /**
   * An event dragged onto another day (mouse, or a long press on a touch screen): the calendar does not move it,
   * the caller saves the new date and passes the events again (a refused move leaves it where it was).
   */
  onEventMove?: (id: string, date: IsoDate) => void;
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
  range?: CalendarRange;
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
  onEventMove,
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
  // Decided once per calendar: switching from the lazy path to the direct one would mount the grid again.
  const [LoadedDnd] = useState(() => loadedDnd);

  const byDay = new Map<IsoDate, CalendarEvent[]>();
  for (const e of events) {
    const list = byDay.get(e.date);
    if (list) list.push(e);
    else byDay.set(e.date, [e]);
  }

  const step = (dir: 1 | -1) =>
    onDateChange(mode === 'month' ? addMonths(date, dir) : addDays(date, 7 * dir));
  const title = mode === 'month' ? formatMonthYear(date) : formatWeekRange(date);
  const body = mobile ? (
    <Agenda mode={mode} date={date} today={today} byDay={byDay} onEventOpen={onEventOpen} titleId={titleId} />
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
  );

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
      {onEventMove && LoadedDnd ? (
        <LoadedDnd events={events} onMove={onEventMove}>
          {body}
        </LoadedDnd>
      ) : onEventMove ? (
        // Until it has loaded, the same calendar, shown but inert: the drag and drop mounts the grid again when it
        // comes, and a «+N más» opened or a day focused meanwhile would be lost with it.
        <Suspense
          fallback={
            <div inert className="contents" data-slot="calendar-waiting">
              {body}
            </div>
          }
        >
          <CalendarDnd events={events} onMove={onEventMove}>
            {body}
          </CalendarDnd>
        </Suspense>
      ) : (
        body
      )}
    </section>
  );
}
