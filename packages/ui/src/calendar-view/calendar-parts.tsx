import type { DraggableSyntheticListeners } from '@dnd-kit/core';
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
 * How events are dragged, given by the lazily loaded drag and drop (calendar-dnd.tsx, only when the calendar has an
 * `onEventMove`): not at all otherwise. The value never changes under a mounted component (the calendar's body is
 * drawn anew under the drag and drop once it has loaded), so the hook it holds keeps its order. The days take
 * events without a hook of their own: the drag and drop makes them drop targets while an event is dragged (by
 * their `data-date`), and marks the one below it with `data-drop-over`.
 */
export interface DragHooks {
  useEventDrag: (
    id: string,
    enabled: boolean,
  ) => {
    setNodeRef: (element: HTMLElement | null) => void;
    listeners: DraggableSyntheticListeners;
    isDragging: boolean;
  } | null;
}
const noDrag: DragHooks = { useEventDrag: () => null };
export const DragHooksContext = createContext<DragHooks>(noDrag);

/** An event's drag handle (the whole event), or null when events may not be dragged. */
export function useEventDrag(event: CalendarEvent, enabled = true) {
  return useContext(DragHooksContext).useEventDrag(event.id, enabled);
}

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
  const drag = useEventDrag(event, draggable);
  return (
    <button
      ref={drag?.setNodeRef}
      {...drag?.listeners}
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
        drag && 'touch-manipulation',
        drag?.isDragging && 'opacity-40',
        className,
      )}
    >
      {event.title}
    </button>
  );
}
