import type * as React from 'react';
import { createContext, useContext } from 'react';
import { cn } from '../lib/cn.ts';
import { type IsoDate, weekdayNames } from '../lib/month-grid.ts';
import type { Tone } from '../lib/tone.ts';
import { uiMessages } from '../messages.ts';

export const t = uiMessages.calendar;
/** Events shown on a day of the week view before «+N más». */
export const WEEK_MAX = 8;
export const SHORT = weekdayNames('short');
export const LONG = weekdayNames('long');

export type CalendarMode = 'month' | 'week';
export type CalendarTone = Tone;

export interface CalendarEvent {
  id: string;
  /** `YYYY-MM-DD`. */
  date: IsoDate;
  title: string;
  tone?: CalendarTone;
}

/** The days that count (a cycle's): the others are drawn as outside it, with `outsideLabel` for screen readers. */
export interface CalendarRange {
  start: IsoDate;
  end: IsoDate;
  outsideLabel: string;
}

export const toneClass: Record<CalendarTone, string> = {
  default: 'border-l-primary bg-accent text-accent-foreground',
  info: 'border-l-info bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  success: 'border-l-success bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  warning: 'border-l-warning bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  error: 'border-l-destructive bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  muted: 'border-l-muted-foreground bg-muted text-foreground',
};

/**
 * How an event's drag starts, given by the lazily loaded drag and drop (calendar-dnd.tsx, only when the calendar has
 * an `onEventMove`): null otherwise. An event holds no hook of the drag and drop's: its press (a mouse button down,
 * a finger down) arms the drag for that event alone, and the drag and drop's sensors take it from there (a move of
 * 6 px, a 250 ms press). A month of a 1,000-piece cycle draws ~130 events; a draggable each (its ids, refs,
 * listeners, registration, and a draw of every event at each step of a drag) was a tenth of the calendar's first
 * draw at 4× CPU (issue 48). The days take events the same way: the drag and drop makes them drop targets while an
 * event is dragged (by their `data-date`) and marks the one below it with `data-drop-over`.
 */
export type DragPress = (
  event: React.MouseEvent<HTMLElement> | React.TouchEvent<HTMLElement>,
  id: string,
) => void;
export const DragPressContext = createContext<DragPress | null>(null);

export function EventButton({
  event,
  tabbable,
  onOpen,
  className,
  draggable = true,
}: {
  event: CalendarEvent;
  tabbable: boolean;
  onOpen: (id: string) => void;
  className?: string;
  /** Whether it may be dragged to another day (when the calendar allows it): not the copy in «+N más». */
  draggable?: boolean;
}) {
  const press = useContext(DragPressContext);
  const drag = draggable ? press : null;
  return (
    <button
      onMouseDown={drag ? (e) => drag(e, event.id) : undefined}
      onTouchStart={drag ? (e) => drag(e, event.id) : undefined}
      type="button"
      tabIndex={tabbable ? 0 : -1}
      data-slot="calendar-event"
      data-draggable={drag ? '' : undefined}
      data-tone={event.tone ?? 'default'}
      title={event.title}
      onClick={() => onOpen(event.id)}
      className={cn(
        'block w-full truncate rounded-sm border-l-2 px-1.5 py-0.5 text-left text-xs font-medium hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring dark:hover:brightness-125',
        toneClass[event.tone ?? 'default'],
        // The event being dragged (its copy follows the pointer): the drag and drop sets `data-dragging`.
        drag && 'touch-manipulation data-[dragging]:opacity-40',
        className,
      )}
    >
      {event.title}
    </button>
  );
}
