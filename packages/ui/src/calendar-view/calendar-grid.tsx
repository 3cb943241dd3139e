import { Popover } from 'radix-ui';
import type * as React from 'react';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { DayGridTable } from '../lib/day-grid.tsx';
import {
  formatLongDate,
  type IsoDate,
  isSameMonth,
  monthGrid,
  moveByKey,
  weekDays,
} from '../lib/month-grid.ts';
import {
  type CalendarEvent,
  type CalendarMode,
  type CalendarRange,
  EventButton,
  LONG,
  SHORT,
  t,
  WEEK_MAX,
} from './calendar-parts.tsx';

export function CalendarGrid({
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
  range?: CalendarRange;
  onDateChange: (date: IsoDate) => void;
  onEventOpen: (id: string) => void;
}) {
  const gridRef = useRef<HTMLTableElement>(null);
  const focusDay = useRef(false);
  const weeks = mode === 'month' ? monthGrid(date) : [weekDays(date)];

  useEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[role="gridcell"][data-date="${date}"]`)?.focus();
  });

  const inPeriod = (day: IsoDate) => (mode === 'month' ? isSameMonth(day, date) : true);
  // The days' callbacks stay the same function from render to render, reading the latest props: a day redraws
  // only when what it shows changed (a calendar of 1,000 pieces gets its pages one after another).
  const latest = useRef({ date, inPeriod, onDateChange, onEventOpen });
  useLayoutEffect(() => {
    latest.current = { date, inPeriod, onDateChange, onEventOpen };
  });
  const onFocusDay = useCallback((day: IsoDate) => {
    const { date: current, inPeriod: shown, onDateChange: change } = latest.current;
    if (day !== current && shown(day)) change(day);
  }, []);
  const openEvent = useCallback((id: string) => latest.current.onEventOpen(id), []);

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
      <DayGridTable
        hint={t.hint}
        ref={gridRef}
        aria-labelledby={titleId}
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
                  events={byDay.get(day) ?? NO_EVENTS}
                  max={max}
                  onFocusDay={onFocusDay}
                  onEventOpen={openEvent}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </DayGridTable>
    </div>
  );
}

const NO_EVENTS: CalendarEvent[] = [];

interface DayCellProps {
  day: IsoDate;
  mode: CalendarMode;
  active: boolean;
  today: boolean;
  outside: boolean;
  /** Outside the calendar's range: what a screen reader hears after the date. */
  offRange?: string;
  events: CalendarEvent[];
  max: number;
  onFocusDay: (day: IsoDate) => void;
  onEventOpen: (id: string) => void;
}

/** Whether two lists of a day's events draw the same (the events are new objects at each of the app's renders). */
function sameEvents(a: CalendarEvent[], b: CalendarEvent[]) {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((e, i) => {
        const o = b[i];
        return e.id === o.id && e.title === o.title && e.tone === o.tone && e.date === o.date;
      }))
  );
}

const DayCell = memo(DayCellDrawn, (prev, next) => {
  for (const key of Object.keys(next) as (keyof DayCellProps)[])
    if (key !== 'events' && prev[key] !== next[key]) return false;
  return sameEvents(prev.events, next.events);
});

function DayCellDrawn({
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
}: DayCellProps) {
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
      onFocus={() => onFocusDay(day)}
      className={cn(
        'border-r border-border p-1.5 align-top last:border-r-0 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        mode === 'month' ? 'h-28' : 'h-72',
        outside && 'bg-muted/30',
        offRange &&
          'bg-[repeating-linear-gradient(135deg,transparent_0_6px,var(--muted)_6px_9px)] text-muted-foreground',
        active && 'bg-accent/40',
        // An event dragged above it (the drag and drop sets `data-drop-over`).
        'data-[drop-over]:bg-primary/10 data-[drop-over]:outline-2 data-[drop-over]:-outline-offset-2 data-[drop-over]:outline-primary',
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

const moreClass =
  'self-start rounded-sm px-1.5 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/**
 * «+N más»: a plain button until it is first pressed, then the popover with the day's events. A month of a
 * 1,000-piece cycle has a «+N más» on most of its 42 days, and a Radix popover each (its state, ids, presence) was
 * ~5 ms at 4× CPU of every calendar drawn, for a list few are opened (issue 48: controls mount when used). The
 * popover, mounted by the press, opens at once and keeps the button's place, name and focus order.
 */
function MoreEvents(props: MoreEventsProps) {
  const [dark, setDark] = useState<boolean | null>(null);
  if (dark === null)
    return (
      <button
        type="button"
        tabIndex={props.tabbable ? 0 : -1}
        aria-label={t.moreLabel(props.count, formatLongDate(props.day))}
        aria-haspopup="dialog"
        aria-expanded={false}
        data-state="closed"
        onClick={(e) => setDark(Boolean(e.currentTarget.closest('.dark')))}
        className={moreClass}
      >
        {t.more(props.count)}
      </button>
    );
  return <MoreEventsPopover {...props} dark={dark} onDark={setDark} />;
}

interface MoreEventsProps {
  day: IsoDate;
  events: CalendarEvent[];
  count: number;
  tabbable: boolean;
  onEventOpen: (id: string) => void;
}

function MoreEventsPopover({
  day,
  events,
  count,
  tabbable,
  onEventOpen,
  dark,
  onDark,
}: MoreEventsProps & { dark: boolean; onDark: (dark: boolean) => void }) {
  // Mounted by the press that asked for it: open.
  const [open, setOpen] = useState(true);
  const headingId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  // The press's button was replaced by the popover's: the focus it had goes to the new one (the popover's content
  // takes it next, and gives it back there when it closes).
  useLayoutEffect(() => {
    if (document.activeElement === document.body) trigger.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        ref={trigger}
        tabIndex={tabbable ? 0 : -1}
        aria-label={t.moreLabel(count, formatLongDate(day))}
        onClick={(e) => onDark(Boolean(e.currentTarget.closest('.dark')))}
        className={moreClass}
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
                  draggable={false}
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
